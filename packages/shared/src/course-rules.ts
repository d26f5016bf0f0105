// Course limits, kinds and slug rules without the request schemas (no zod), for authoring forms and lists.
export const COURSE_STATUSES = ['draft', 'published', 'archived'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

export const LESSON_KINDS = ['text', 'video', 'pdf', 'quiz', 'scorm'] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];

export const QUESTION_KINDS = ['single', 'multiple'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const COURSE_PROGRESS_STATUSES = ['not_started', 'in_progress', 'completed'] as const;
export type CourseProgressStatus = (typeof COURSE_PROGRESS_STATUSES)[number];

/** Upload limits and accepted types; the server may be configured lower or higher (see courseUploadLimitsSchema). */
export const COVER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
export const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/ogg'] as const;
export const VIDEO_MAX_BYTES = 500 * 1024 * 1024;
export const PDF_TYPES = ['application/pdf'] as const;
export const PDF_MAX_BYTES = 50 * 1024 * 1024;

export const SLUG_MAX = 80;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const COURSE_TITLE_MAX = 160;
export const COURSE_DESCRIPTION_MAX = 4000;
export const MODULE_TITLE_MAX = 160;
export const LESSON_TITLE_MAX = 160;
export const MARKDOWN_MAX = 100_000;
export const QUIZ_QUESTIONS_MAX = 50;
export const QUIZ_CHOICES_MIN = 2;
export const QUIZ_CHOICES_MAX = 10;

/** A URL-safe slug suggested from a title: lower case ASCII words joined by dashes. */
export function suggestSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '');
  return slug.length > 0 ? slug : 'course';
}
