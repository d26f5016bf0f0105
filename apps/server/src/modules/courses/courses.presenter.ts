import type {
  AdminCourse,
  AdminCourseDetail,
  AdminLesson,
  AdminLessonContent,
  AdminModule,
  UploadedFile,
} from '@portal/shared/admin-courses';
import type { CourseRow, CourseTree, CourseWithCounts, LessonRow, ModuleRow } from './courses.repository.ts';
import type { StoredFile } from './courses.table.ts';
import { sanitizeLessonHtml } from './markdown.ts';

/** The same-origin cover URL; the version query changes with the course so caches never show an old image. */
export function coverUrl(course: CourseRow): string | null {
  return course.coverImageKey ? `/api/courses/${course.id}/cover?v=${course.updatedAt.getTime()}` : null;
}

export function mediaUrl(lesson: LessonRow): string {
  return `/api/lessons/${lesson.id}/media?v=${lesson.updatedAt.getTime()}`;
}

const presentFile = (file: StoredFile): UploadedFile => ({
  file_name: file.file_name,
  content_type: file.content_type,
  size_bytes: file.size_bytes,
});

/** Whether learners can work through the lesson: uploads present and lengths known. */
export function isLessonReady(lesson: LessonRow): boolean {
  const content = lesson.content;
  switch (content.kind) {
    case 'video':
      return (content.source === 'url' || content.file !== null) && (lesson.durationSeconds ?? 0) > 0;
    case 'pdf':
      return content.file !== null && (lesson.pageCount ?? 0) > 0;
    case 'quiz':
      return content.questions.length > 0;
    default:
      return true;
  }
}

export function presentAdminCourse(course: CourseWithCounts): AdminCourse {
  return {
    id: course.id,
    slug: course.slug,
    title: course.title,
    description: course.description,
    cover_url: coverUrl(course),
    required_tier: course.requiredTier,
    status: course.status,
    created_by: course.createdBy,
    created_at: course.createdAt.toISOString(),
    updated_at: course.updatedAt.toISOString(),
    published_at: course.publishedAt?.toISOString() ?? null,
    module_count: course.moduleCount,
    lesson_count: course.lessonCount,
  };
}

export function presentAdminModule(module: ModuleRow): AdminModule {
  return {
    id: module.id,
    course_id: module.courseId,
    position: module.position,
    title: module.title,
    description: module.description,
    prerequisite_module_id: module.prerequisiteModuleId,
    created_at: module.createdAt.toISOString(),
    updated_at: module.updatedAt.toISOString(),
  };
}

function presentAdminContent(lesson: LessonRow): AdminLessonContent {
  const content = lesson.content;
  switch (content.kind) {
    case 'text':
      return { kind: 'text', markdown: content.markdown, html: sanitizeLessonHtml(content.html) };
    case 'video':
      return content.source === 'url'
        ? { kind: 'video', source: 'url', url: content.url, file: null, duration_seconds: lesson.durationSeconds }
        : {
            kind: 'video',
            source: 'upload',
            url: content.file ? mediaUrl(lesson) : null,
            file: content.file ? presentFile(content.file) : null,
            duration_seconds: lesson.durationSeconds,
          };
    case 'pdf':
      return {
        kind: 'pdf',
        url: content.file ? mediaUrl(lesson) : null,
        file: content.file ? presentFile(content.file) : null,
        page_count: lesson.pageCount,
      };
    case 'quiz':
      return { kind: 'quiz', pass_mark: content.pass_mark, questions: content.questions };
    case 'scorm':
      return { kind: 'scorm', package_id: content.package_id };
  }
}

export function presentAdminLesson(lesson: LessonRow): AdminLesson {
  return {
    id: lesson.id,
    course_id: lesson.courseId,
    module_id: lesson.moduleId,
    position: lesson.position,
    kind: lesson.kind,
    title: lesson.title,
    duration_seconds: lesson.durationSeconds,
    page_count: lesson.pageCount,
    scorm_package_id: lesson.scormPackageId,
    ready: isLessonReady(lesson),
    content: presentAdminContent(lesson),
    created_at: lesson.createdAt.toISOString(),
    updated_at: lesson.updatedAt.toISOString(),
  };
}

export function presentAdminCourseDetail(tree: CourseTree): AdminCourseDetail {
  const { course, modules, lessons } = tree;
  return {
    course: presentAdminCourse({
      ...course,
      moduleCount: modules.length,
      lessonCount: lessons.length,
      durationSeconds: lessons.reduce((total, lesson) => total + (lesson.durationSeconds ?? 0), 0),
    }),
    modules: modules.map((module) => ({
      ...presentAdminModule(module),
      lessons: lessons.filter((lesson) => lesson.moduleId === module.id).map(presentAdminLesson),
    })),
  };
}
