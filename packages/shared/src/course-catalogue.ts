/** The learner's side of courses: the catalogue, the library and lesson content as learners get it. */
import { z } from 'zod';
import { courseProgressStatusSchema, courseStatusSchema, questionKindSchema } from './course-fields.ts';
import { tierSchema } from './tiers.ts';

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
