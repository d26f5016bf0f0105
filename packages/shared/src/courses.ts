/**
 * Courses, modules and lessons: authoring (admin only) and the learner's catalogue, library and lesson content.
 * Bodies and answers use snake_case like the rest of the API. Uploads are sent as the raw file body with the
 * file's own Content-Type (no multipart) and an optional `?file_name=` query.
 *
 * Authoring (admin; instructors and learners get 403 `forbidden`):
 *   GET    /api/admin/courses                                   -> adminCourseListSchema
 *   GET    /api/admin/courses/slug-suggestion?title=&slug=&course_id= (slugSuggestionQuerySchema) -> slugSuggestionSchema
 *   GET    /api/admin/course-upload-limits                      -> courseUploadLimitsSchema
 *   POST   /api/admin/courses              createCourseBodySchema -> adminCourseSchema (201)
 *   GET    /api/admin/courses/:courseId                          -> adminCourseDetailSchema
 *   GET    /api/admin/courses/by-slug/:slug                      -> adminCourseDetailSchema
 *   PATCH  /api/admin/courses/:courseId    updateCourseBodySchema -> adminCourseSchema
 *   POST   /api/admin/courses/:courseId/publish | /unpublish | /archive -> adminCourseSchema
 *   PUT    /api/admin/courses/:courseId/cover   raw image body (COVER_IMAGE_TYPES) -> adminCourseSchema
 *   DELETE /api/admin/courses/:courseId/cover                    -> adminCourseSchema
 *   POST   /api/admin/courses/:courseId/modules createModuleBodySchema -> adminModuleSchema (201)
 *   PUT    /api/admin/courses/:courseId/module-order moduleOrderBodySchema -> adminCourseDetailSchema
 *   PATCH  /api/admin/modules/:moduleId    updateModuleBodySchema -> adminModuleSchema
 *   DELETE /api/admin/modules/:moduleId    (refused with 409 while it has lessons) -> 204
 *   POST   /api/admin/modules/:moduleId/lessons createLessonBodySchema -> adminLessonSchema (201)
 *   PUT    /api/admin/courses/:courseId/lesson-order lessonOrderBodySchema -> adminCourseDetailSchema
 *   POST   /api/admin/lessons/:lessonId/move moveLessonBodySchema -> adminCourseDetailSchema
 *   PATCH  /api/admin/lessons/:lessonId    updateLessonBodySchema -> adminLessonSchema
 *   DELETE /api/admin/lessons/:lessonId                          -> 204
 *   PUT    /api/admin/lessons/:lessonId/video  raw video body (VIDEO_TYPES) -> adminLessonSchema
 *   PUT    /api/admin/lessons/:lessonId/pdf    raw PDF body -> adminLessonSchema
 *   POST   /api/admin/markdown-preview     markdownPreviewBodySchema -> markdownPreviewSchema
 *
 * Learner (a signed-in user with a plan that includes `courses`; admins may also open unpublished courses to preview them):
 *   GET /api/courses?search=&tier=&access= (catalogueQuerySchema) -> catalogueSchema (published courses only)
 *   GET /api/courses/library                                     -> librarySchema
 *   GET /api/courses/:courseId/cover                             -> the image (its own Content-Type)
 *   GET /api/courses/:courseId/outline                           -> courseOutlineSchema (progress.ts)
 *   GET /api/courses/by-slug/:slug/outline                       -> courseOutlineSchema (progress.ts)
 *   GET /api/lessons/:lessonId                                   -> lessonViewSchema (records the first open)
 *   GET /api/lessons/:lessonId/media                             -> video or PDF bytes, HTTP Range supported
 * Lesson and media reads, progress and notes answer 404 `not_found` for unpublished courses, 402
 * `subscription_required` when the learner's tier is below the course's (the required tier in `reasons[0]`; the
 * lesson's title is never echoed), 403 `lesson_locked` while a prerequisite module is not completed.
 */
// The contracts live in modules by audience; re-exported so existing importers keep one import.
export * from './admin-courses.ts';
export * from './course-authoring.ts';
export * from './course-catalogue.ts';
export * from './course-fields.ts';
export * from './course-rules.ts';
