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
import { z } from 'zod';
import { tierSchema } from './tiers.ts';

export const COURSE_STATUSES = ['draft', 'published', 'archived'] as const;
export const courseStatusSchema = z.enum(COURSE_STATUSES);
export type CourseStatus = z.infer<typeof courseStatusSchema>;

export const LESSON_KINDS = ['text', 'video', 'pdf', 'quiz', 'scorm'] as const;
export const lessonKindSchema = z.enum(LESSON_KINDS);
export type LessonKind = z.infer<typeof lessonKindSchema>;

export const QUESTION_KINDS = ['single', 'multiple'] as const;
export const questionKindSchema = z.enum(QUESTION_KINDS);
export type QuestionKind = z.infer<typeof questionKindSchema>;

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

export const slugSchema = z
  .string()
  .trim()
  .min(1)
  .max(SLUG_MAX)
  .regex(SLUG_PATTERN, 'Use lower-case letters, digits and single dashes, e.g. "study-skills".');

const uuid = z.uuid();
const title = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max);

// ---------------------------------------------------------------- course

export const createCourseBodySchema = z
  .object({
    title: title(COURSE_TITLE_MAX),
    /** Suggested from the title when left out. */
    slug: slugSchema.optional(),
    description: optionalText(COURSE_DESCRIPTION_MAX).default(''),
    required_tier: tierSchema.default('calm'),
  })
  .strict();
export type CreateCourseBody = z.infer<typeof createCourseBodySchema>;

export const updateCourseBodySchema = z
  .object({
    title: title(COURSE_TITLE_MAX),
    slug: slugSchema,
    description: optionalText(COURSE_DESCRIPTION_MAX),
    required_tier: tierSchema,
  })
  .partial()
  .strict();
export type UpdateCourseBody = z.infer<typeof updateCourseBodySchema>;

export const slugSuggestionQuerySchema = z.object({
  /** Suggest a free slug from this title... */
  title: z.string().max(COURSE_TITLE_MAX).optional(),
  /** ...or check whether this slug is free. */
  slug: z.string().max(SLUG_MAX).optional(),
  /** The course being edited, whose own slug counts as free. */
  course_id: uuid.optional(),
});
export const slugSuggestionSchema = z.object({
  /** A valid slug not used by another course (the checked one when it is free). */
  slug: z.string(),
  /** Whether the checked `slug` (or the plain suggestion from `title`) is valid and free. */
  available: z.boolean(),
});
export type SlugSuggestion = z.infer<typeof slugSuggestionSchema>;

export const courseUploadLimitsSchema = z.object({
  cover: z.object({ max_bytes: z.number().int(), types: z.array(z.string()) }),
  video: z.object({ max_bytes: z.number().int(), types: z.array(z.string()) }),
  pdf: z.object({ max_bytes: z.number().int(), types: z.array(z.string()) }),
});
export type CourseUploadLimits = z.infer<typeof courseUploadLimitsSchema>;

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

// ---------------------------------------------------------------- module

export const createModuleBodySchema = z
  .object({
    title: title(MODULE_TITLE_MAX),
    description: optionalText(COURSE_DESCRIPTION_MAX).default(''),
    /** A module of the same course that must be completed first. */
    prerequisite_module_id: uuid.nullable().default(null),
  })
  .strict();
export type CreateModuleBody = z.infer<typeof createModuleBodySchema>;

export const updateModuleBodySchema = z
  .object({
    title: title(MODULE_TITLE_MAX),
    description: optionalText(COURSE_DESCRIPTION_MAX),
    prerequisite_module_id: uuid.nullable(),
  })
  .partial()
  .strict();
export type UpdateModuleBody = z.infer<typeof updateModuleBodySchema>;

/** The full new order: every module of the course exactly once. */
export const moduleOrderBodySchema = z.object({ module_ids: z.array(uuid).min(1).max(500) }).strict();
export type ModuleOrderBody = z.infer<typeof moduleOrderBodySchema>;

// ---------------------------------------------------------------- lesson content (authoring input)

export const quizChoiceInputSchema = z
  .object({
    /** Keep the id of an existing choice; new choices get one from the server. */
    id: uuid.optional(),
    text: z.string().trim().min(1).max(500),
    correct: z.boolean(),
  })
  .strict();

export const quizQuestionInputSchema = z
  .object({
    id: uuid.optional(),
    kind: questionKindSchema,
    prompt: z.string().trim().min(1).max(1000),
    choices: z.array(quizChoiceInputSchema).min(QUIZ_CHOICES_MIN).max(QUIZ_CHOICES_MAX),
    /** Shown after submitting when the answer was right. */
    feedback_correct: optionalText(1000).default(''),
    /** Shown after submitting when the answer was wrong. */
    feedback_incorrect: optionalText(1000).default(''),
  })
  .strict()
  .superRefine((question, context) => {
    const correct = question.choices.filter((choice) => choice.correct).length;
    if (question.kind === 'single' && correct !== 1) {
      context.addIssue({
        code: 'custom',
        path: ['choices'],
        message: 'A single-choice question needs exactly one correct choice.',
      });
    }
    if (question.kind === 'multiple' && correct < 1) {
      context.addIssue({ code: 'custom', path: ['choices'], message: 'Mark at least one choice as correct.' });
    }
  });
export type QuizQuestionInput = z.input<typeof quizQuestionInputSchema>;

export const lessonContentInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), markdown: z.string().max(MARKDOWN_MAX) }).strict(),
  z.discriminatedUnion('source', [
    z
      .object({
        kind: z.literal('video'),
        source: z.literal('url'),
        url: z.url({ protocol: /^https$/, error: 'Use an https:// address.' }).max(2000),
        duration_seconds: z
          .number()
          .positive()
          .max(24 * 3600),
      })
      .strict(),
    /** The file follows with PUT /api/admin/lessons/:lessonId/video; the duration is read from it when possible. */
    z
      .object({
        kind: z.literal('video'),
        source: z.literal('upload'),
        duration_seconds: z
          .number()
          .positive()
          .max(24 * 3600)
          .nullable()
          .default(null),
      })
      .strict(),
  ]),
  /** The file follows with PUT /api/admin/lessons/:lessonId/pdf; the page count is read from it. */
  z.object({ kind: z.literal('pdf') }).strict(),
  z
    .object({
      kind: z.literal('quiz'),
      pass_mark: z.number().int().min(0).max(100),
      questions: z.array(quizQuestionInputSchema).min(1).max(QUIZ_QUESTIONS_MAX),
    })
    .strict(),
  z.object({ kind: z.literal('scorm'), package_id: uuid }).strict(),
]);
export type LessonContentInput = z.input<typeof lessonContentInputSchema>;

export const createLessonBodySchema = z
  .object({ title: title(LESSON_TITLE_MAX), content: lessonContentInputSchema })
  .strict();
export type CreateLessonBody = z.input<typeof createLessonBodySchema>;

/** `content.kind` must stay the lesson's kind. */
export const updateLessonBodySchema = z
  .object({ title: title(LESSON_TITLE_MAX), content: lessonContentInputSchema })
  .partial()
  .strict();
export type UpdateLessonBody = z.input<typeof updateLessonBodySchema>;

/** The full new layout: every module of the course with its lessons in order; each lesson exactly once. */
export const lessonOrderBodySchema = z
  .object({
    modules: z
      .array(z.object({ module_id: uuid, lesson_ids: z.array(uuid).max(500) }).strict())
      .min(1)
      .max(500),
  })
  .strict();
export type LessonOrderBody = z.infer<typeof lessonOrderBodySchema>;

/** Moves one lesson to a module of the same course at a 0-based position (clamped to the end). */
export const moveLessonBodySchema = z.object({ module_id: uuid, position: z.number().int().min(0) }).strict();
export type MoveLessonBody = z.infer<typeof moveLessonBodySchema>;

export const markdownPreviewBodySchema = z.object({ markdown: z.string().max(MARKDOWN_MAX) }).strict();
export const markdownPreviewSchema = z.object({ html: z.string() });

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

// ---------------------------------------------------------------- learner: catalogue and library

export const COURSE_PROGRESS_STATUSES = ['not_started', 'in_progress', 'completed'] as const;
export const courseProgressStatusSchema = z.enum(COURSE_PROGRESS_STATUSES);
export type CourseProgressStatus = z.infer<typeof courseProgressStatusSchema>;

export const catalogueQuerySchema = z.object({
  /** Matches title and description, case-insensitive. */
  search: z.string().trim().max(100).optional(),
  /** Only courses that require exactly this tier. */
  tier: tierSchema.optional(),
  /** `available`: only courses the learner's plan includes; `locked`: only those needing an upgrade. */
  access: z.enum(['all', 'available', 'locked']).default('all'),
});
export type CatalogueQuery = z.input<typeof catalogueQuerySchema>;

/** The learner's progress in a course, as the catalogue, library and other screens show it. */
export const courseProgressSummarySchema = z.object({
  course_id: z.string(),
  status: courseProgressStatusSchema,
  /** Completed lessons over all lessons, 0-100, whole numbers. */
  percent: z.number().int(),
  lessons_completed: z.number().int(),
  lessons_total: z.number().int(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  last_activity_at: z.string().nullable(),
  last_lesson_id: z.string().nullable(),
});
export type CourseProgressSummary = z.infer<typeof courseProgressSummarySchema>;

export const catalogueCourseSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  cover_url: z.string().nullable(),
  required_tier: tierSchema,
  status: courseStatusSchema,
  /** Whether the learner's plan includes this course; when false the web shows an upgrade prompt. */
  accessible: z.boolean(),
  module_count: z.number().int(),
  lesson_count: z.number().int(),
  /** Sum of known lesson durations. */
  duration_seconds: z.number(),
  progress: courseProgressSummarySchema,
});
export type CatalogueCourse = z.infer<typeof catalogueCourseSchema>;

export const catalogueSchema = z.object({ courses: z.array(catalogueCourseSchema) });
export type Catalogue = z.infer<typeof catalogueSchema>;

/** The courses the learner started (enrolled), newest activity first; archived courses they started stay here. */
export const librarySchema = z.object({
  courses: z.array(catalogueCourseSchema),
  counts: z.object({ enrolled: z.number().int(), in_progress: z.number().int(), completed: z.number().int() }),
});
export type Library = z.infer<typeof librarySchema>;

// ---------------------------------------------------------------- learner: lesson content

/** A quiz question as learners get it before submitting: no correct answers, no feedback. */
export const learnerQuizQuestionSchema = z.object({
  id: z.string(),
  kind: questionKindSchema,
  prompt: z.string(),
  choices: z.array(z.object({ id: z.string(), text: z.string() })),
});
export type LearnerQuizQuestion = z.infer<typeof learnerQuizQuestionSchema>;

/** One graded question of a submitted attempt. */
export const gradedQuestionSchema = z.object({
  question_id: z.string(),
  correct: z.boolean(),
  selected_choice_ids: z.array(z.string()),
  correct_choice_ids: z.array(z.string()),
  feedback: z.string(),
});
export type GradedQuestion = z.infer<typeof gradedQuestionSchema>;

export const quizAttemptResultSchema = z.object({
  attempt_id: z.string(),
  /** Percent of questions answered right, 0-100, whole numbers. */
  score: z.number().int(),
  passed: z.boolean(),
  pass_mark: z.number().int(),
  submitted_at: z.string(),
  questions: z.array(gradedQuestionSchema),
});
export type QuizAttemptResult = z.infer<typeof quizAttemptResultSchema>;

export const learnerLessonContentSchema = z.discriminatedUnion('kind', [
  /** Sanitised HTML: no scripts, no event handlers, no javascript: links. */
  z.object({ kind: z.literal('text'), html: z.string() }),
  z.object({
    kind: z.literal('video'),
    source: z.enum(['url', 'upload']),
    /** Same-origin media URL (Range supported) for uploads, the https address otherwise. */
    url: z.string(),
    content_type: z.string().nullable(),
    duration_seconds: z.number(),
  }),
  z.object({ kind: z.literal('pdf'), url: z.string(), page_count: z.number().int() }),
  z.object({
    kind: z.literal('quiz'),
    pass_mark: z.number().int(),
    questions: z.array(learnerQuizQuestionSchema),
    /** The learner's latest attempt with its grading; null before the first. */
    last_attempt: quizAttemptResultSchema.nullable(),
    best_score: z.number().int().nullable(),
    attempts: z.number().int(),
  }),
  /**
   * Completion comes from the SCORM runtime (scorm.completed / scorm.passed for this package and learner).
   * `launch_url` opens the package in the player on the learner's own enrolment; null while the package is not ready.
   */
  z.object({ kind: z.literal('scorm'), package_id: z.string(), launch_url: z.string().nullable() }),
]);
export type LearnerLessonContent = z.infer<typeof learnerLessonContentSchema>;
