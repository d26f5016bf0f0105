/** Courses, modules and lessons as admins see and edit them, correct quiz answers included. */
import { z } from 'zod';
import { courseStatusSchema, lessonKindSchema, questionKindSchema } from './course-fields.ts';
import { tierSchema } from './tiers.ts';

/** A course as admins see it in the list. */
export const adminCourseSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  /** Same-origin URL of the cover image, changing whenever the image does; null without a cover. */
  cover_url: z.string().nullable(),
  required_tier: tierSchema,
  status: courseStatusSchema,
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  published_at: z.string().nullable(),
  module_count: z.number().int(),
  lesson_count: z.number().int(),
});
export type AdminCourse = z.infer<typeof adminCourseSchema>;
export const adminCourseListSchema = z.object({ courses: z.array(adminCourseSchema) });
export type AdminCourseList = z.infer<typeof adminCourseListSchema>;

// ---------------------------------------------------------------- lesson content (authoring output)

export const uploadedFileSchema = z.object({
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const quizQuestionSchema = z.object({
  id: z.string(),
  kind: questionKindSchema,
  prompt: z.string(),
  choices: z.array(z.object({ id: z.string(), text: z.string(), correct: z.boolean() })),
  feedback_correct: z.string(),
  feedback_incorrect: z.string(),
});
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

/** What an admin sees and edits, correct answers included. */
export const adminLessonContentSchema = z.discriminatedUnion('kind', [
  /** `html` is the sanitised rendering learners get. */
  z.object({ kind: z.literal('text'), markdown: z.string(), html: z.string() }),
  z.object({
    kind: z.literal('video'),
    source: z.enum(['url', 'upload']),
    /** The https address for `url` videos; the media URL once a file was uploaded; null before. */
    url: z.string().nullable(),
    file: uploadedFileSchema.nullable(),
    duration_seconds: z.number().nullable(),
  }),
  z.object({
    kind: z.literal('pdf'),
    url: z.string().nullable(),
    file: uploadedFileSchema.nullable(),
    page_count: z.number().int().nullable(),
  }),
  z.object({ kind: z.literal('quiz'), pass_mark: z.number().int(), questions: z.array(quizQuestionSchema) }),
  z.object({ kind: z.literal('scorm'), package_id: z.string() }),
]);
export type AdminLessonContent = z.infer<typeof adminLessonContentSchema>;

export const adminLessonSchema = z.object({
  id: z.string(),
  course_id: z.string(),
  module_id: z.string(),
  position: z.number().int(),
  kind: lessonKindSchema,
  title: z.string(),
  /** Video length or estimated reading time; null when unknown. */
  duration_seconds: z.number().nullable(),
  page_count: z.number().int().nullable(),
  scorm_package_id: z.string().nullable(),
  /** False while a video or PDF lesson has no file (or a video no known duration): learners cannot complete it. */
  ready: z.boolean(),
  content: adminLessonContentSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminLesson = z.infer<typeof adminLessonSchema>;

export const adminModuleSchema = z.object({
  id: z.string(),
  course_id: z.string(),
  position: z.number().int(),
  title: z.string(),
  description: z.string(),
  prerequisite_module_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminModule = z.infer<typeof adminModuleSchema>;

/** One course with its modules and their lessons, in order. */
export const adminCourseDetailSchema = z.object({
  course: adminCourseSchema,
  modules: z.array(adminModuleSchema.extend({ lessons: z.array(adminLessonSchema) })),
});
export type AdminCourseDetail = z.infer<typeof adminCourseDetailSchema>;
