/** What admins send to author courses, modules and lessons, and the small answers that help them do it. */
import { z } from 'zod';
import { questionKindSchema, slugSchema } from './course-fields.ts';
import {
  COURSE_DESCRIPTION_MAX,
  COURSE_TITLE_MAX,
  LESSON_TITLE_MAX,
  MARKDOWN_MAX,
  MODULE_TITLE_MAX,
  QUIZ_CHOICES_MAX,
  QUIZ_CHOICES_MIN,
  QUIZ_QUESTIONS_MAX,
  SLUG_MAX,
} from './course-rules.ts';
import { tierSchema } from './tiers.ts';

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
