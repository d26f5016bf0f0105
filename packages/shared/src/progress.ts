/**
 * Learner progress: outline with progress, lesson view, progress reports, quiz submission, learning state, resume.
 * Every endpoint is scoped to the signed-in user; there is no way to read or change another learner's progress.
 *
 *   GET  /api/courses/:courseId/outline                 -> courseOutlineSchema
 *   GET  /api/courses/by-slug/:slug/outline             -> courseOutlineSchema
 *   GET  /api/courses/:courseId/resume                  -> resumeSchema
 *   GET  /api/lessons/:lessonId                         -> lessonViewSchema (first call starts the server's clock)
 *   POST /api/lessons/:lessonId/progress  progressReportBodySchema -> progressReportResultSchema
 *   POST /api/lessons/:lessonId/quiz-attempts quizSubmitBodySchema  -> quizSubmitResultSchema
 *   GET  /api/learning-state/courses/:courseId          -> courseLearningStateSchema
 *   GET  /api/learning-state/modules/:moduleId          -> moduleLearningStateViewSchema
 *
 * Completion rules (decided on the server):
 *   text  - a report at least TEXT_MIN_VIEW_SECONDS after the server first served the lesson to this learner;
 *   video - VIDEO_COMPLETION_RATIO of the duration really watched: reported played ranges are merged, and new
 *           watched seconds are credited only up to VIDEO_MAX_PLAYBACK_RATE x the wall time since the previous
 *           report (or the first open), so seeking to the end completes nothing;
 *   pdf   - the last page reached (page <= page_count);
 *   quiz  - an attempt scoring at least the pass mark;
 *   scorm - the package reports completed or passed.
 * A module is completed when all its lessons are, a course when all its modules are.
 * Domain events lesson.completed, module.completed, course.completed and quiz.passed happen once per learner and object.
 */
import { z } from 'zod';
import {
  catalogueCourseSchema,
  courseProgressSummarySchema,
  learnerLessonContentSchema,
  quizAttemptResultSchema,
} from './course-catalogue.ts';
import { lessonKindSchema } from './course-fields.ts';
import { tierSchema } from './tiers.ts';

export const TEXT_MIN_VIEW_SECONDS = 5;
export const VIDEO_COMPLETION_RATIO = 0.95;
export const VIDEO_MAX_PLAYBACK_RATE = 2;
/** Slack for clocks and network delay when checking reported watch time, in seconds. */
export const VIDEO_REPORT_SLACK_SECONDS = 2;
/** A gap between two reports longer than this counts as a pause, not study time. */
export const ACTIVITY_GAP_CAP_SECONDS = 60;
export const MAX_REPORTED_RANGES = 200;

export const LESSON_PROGRESS_STATUSES = ['not_started', 'in_progress', 'completed'] as const;
export const lessonProgressStatusSchema = z.enum(LESSON_PROGRESS_STATUSES);
export type LessonProgressStatus = z.infer<typeof lessonProgressStatusSchema>;

/** A played stretch of a video, [start, end] in seconds. */
export const watchedRangeSchema = z
  .tuple([
    z
      .number()
      .min(0)
      .max(24 * 3600),
    z
      .number()
      .min(0)
      .max(24 * 3600),
  ])
  .refine(([start, end]) => end >= start, 'A range ends after it starts.');
export type WatchedRange = [number, number];

/** Sorted, non-overlapping ranges covering the same seconds; touching ranges are joined. */
export function mergeRanges(ranges: ReadonlyArray<readonly [number, number]>): WatchedRange[] {
  const sorted = ranges
    .filter(([start, end]) => Number.isFinite(start) && Number.isFinite(end) && end > start)
    .map(([start, end]): WatchedRange => [start, end])
    .sort((a, b) => a[0] - b[0]);
  const merged: WatchedRange[] = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

/** Seconds covered by the ranges, overlaps counted once. */
export function watchedSeconds(ranges: ReadonlyArray<readonly [number, number]>): number {
  return mergeRanges(ranges).reduce((total, [start, end]) => total + (end - start), 0);
}

/** The learner's state in one lesson. */
export const lessonProgressSchema = z.object({
  lesson_id: z.string(),
  status: lessonProgressStatusSchema,
  /** 0-100: watched share of a video, page share of a PDF, 100 when completed. */
  percent: z.number().int(),
  /** Where to resume: video seconds or PDF page; null for other kinds or before any report. */
  position: z.number().nullable(),
  watched_seconds: z.number(),
  time_spent_seconds: z.number().int(),
  first_opened_at: z.string().nullable(),
  last_activity_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  best_score: z.number().int().nullable(),
  attempts: z.number().int(),
});
export type LessonProgress = z.infer<typeof lessonProgressSchema>;

// ---------------------------------------------------------------- outline

export const outlineLessonSchema = z.object({
  id: z.string(),
  module_id: z.string(),
  position: z.number().int(),
  kind: lessonKindSchema,
  title: z.string(),
  duration_seconds: z.number().nullable(),
  page_count: z.number().int().nullable(),
  /** In a module whose prerequisite is not completed yet. */
  locked: z.boolean(),
  progress: lessonProgressSchema,
});
export type OutlineLesson = z.infer<typeof outlineLessonSchema>;

export const outlineModuleSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  title: z.string(),
  description: z.string(),
  prerequisite_module_id: z.string().nullable(),
  /** Title of the prerequisite, to say what unlocks this module. */
  prerequisite_title: z.string().nullable(),
  locked: z.boolean(),
  completed: z.boolean(),
  completed_at: z.string().nullable(),
  lessons_completed: z.number().int(),
  lessons_total: z.number().int(),
  lessons: z.array(outlineLessonSchema),
});
export type OutlineModule = z.infer<typeof outlineModuleSchema>;

/** Where the learner continues: the lesson last worked on (and the position in it) or the next one to do. */
export const resumePositionSchema = z.object({
  course_id: z.string(),
  module_id: z.string(),
  lesson_id: z.string(),
  lesson_title: z.string(),
  kind: lessonKindSchema,
  /** Video seconds or PDF page to continue at; null when the lesson has none. */
  position: z.number().nullable(),
  reason: z.enum(['last_opened', 'next_up']),
});
export type ResumePosition = z.infer<typeof resumePositionSchema>;

export const resumeSchema = z.object({ resume: resumePositionSchema.nullable() });

export const courseOutlineSchema = z.object({
  /** `accessible` is false when the learner's plan is below `required_tier`: lessons are refused. */
  course: catalogueCourseSchema.pick({
    id: true,
    slug: true,
    title: true,
    description: true,
    cover_url: true,
    required_tier: true,
    status: true,
    accessible: true,
  }),
  progress: courseProgressSummarySchema,
  modules: z.array(outlineModuleSchema),
  /** Null when the course has no lesson the learner can open. */
  resume: resumePositionSchema.nullable(),
});
export type CourseOutline = z.infer<typeof courseOutlineSchema>;

// ---------------------------------------------------------------- lesson view

export const lessonNeighbourSchema = z.object({ id: z.string(), title: z.string(), locked: z.boolean() }).nullable();

export const lessonViewSchema = z.object({
  lesson: z.object({
    id: z.string(),
    course_id: z.string(),
    course_slug: z.string(),
    course_title: z.string(),
    module_id: z.string(),
    module_title: z.string(),
    kind: lessonKindSchema,
    title: z.string(),
    duration_seconds: z.number().nullable(),
  }),
  content: learnerLessonContentSchema,
  progress: lessonProgressSchema,
  previous_lesson: lessonNeighbourSchema,
  next_lesson: lessonNeighbourSchema,
  /** Server time when it served the lesson, for the client's own timers. */
  served_at: z.string(),
});
export type LessonView = z.infer<typeof lessonViewSchema>;

// ---------------------------------------------------------------- progress reports

export const progressReportBodySchema = z.discriminatedUnion('kind', [
  /** "Still reading"; completes the lesson once TEXT_MIN_VIEW_SECONDS passed since the first open. */
  z.object({ kind: z.literal('text') }).strict(),
  z
    .object({
      kind: z.literal('video'),
      /** Stretches played since the previous report (sending older ones again is harmless). */
      ranges: z.array(watchedRangeSchema).max(MAX_REPORTED_RANGES),
      /** The current playback time, for resuming. */
      position: z
        .number()
        .min(0)
        .max(24 * 3600),
    })
    .strict(),
  /** The page the learner is on; the lesson completes when it is the last page. */
  z.object({ kind: z.literal('pdf'), page: z.number().int().min(1).max(100_000) }).strict(),
]);
export type ProgressReportBody = z.infer<typeof progressReportBodySchema>;

/** What this report or submission changed; `*_completed_now` are true only on the call that completed the object. */
export const completionChangeSchema = z.object({
  lesson_completed_now: z.boolean(),
  module_completed_now: z.boolean(),
  course_completed_now: z.boolean(),
});
export type CompletionChange = z.infer<typeof completionChangeSchema>;

export const progressReportResultSchema = z.object({
  progress: lessonProgressSchema,
  course_progress: courseProgressSummarySchema,
  changes: completionChangeSchema,
  /** Video only: new watched seconds counted from this report, after the wall-time check. */
  credited_seconds: z.number().nullable(),
  /** Video only: true when part of the reported ranges was not counted because it exceeded real time. */
  capped: z.boolean(),
});
export type ProgressReportResult = z.infer<typeof progressReportResultSchema>;

export const quizSubmitBodySchema = z
  .object({
    answers: z
      .array(
        z
          .object({ question_id: z.string().min(1).max(64), choice_ids: z.array(z.string().min(1).max(64)).max(20) })
          .strict(),
      )
      .max(100),
  })
  .strict();
export type QuizSubmitBody = z.infer<typeof quizSubmitBodySchema>;

export const quizSubmitResultSchema = z.object({
  result: quizAttemptResultSchema,
  progress: lessonProgressSchema,
  course_progress: courseProgressSummarySchema,
  changes: completionChangeSchema.extend({ quiz_passed_now: z.boolean() }),
});
export type QuizSubmitResult = z.infer<typeof quizSubmitResultSchema>;

// ---------------------------------------------------------------- learning state

export const moduleLearningStateSchema = z.object({
  module_id: z.string(),
  position: z.number().int(),
  title: z.string(),
  locked: z.boolean(),
  completed: z.boolean(),
  completed_at: z.string().nullable(),
  lessons_completed: z.number().int(),
  lessons_total: z.number().int(),
  percent: z.number().int(),
  time_spent_seconds: z.number().int(),
  last_activity_at: z.string().nullable(),
  quiz_scores: z.array(
    z.object({
      lesson_id: z.string(),
      title: z.string(),
      pass_mark: z.number().int(),
      best_score: z.number().int().nullable(),
      passed: z.boolean(),
      attempts: z.number().int(),
    }),
  ),
  lessons: z.array(
    z.object({
      lesson_id: z.string(),
      title: z.string(),
      kind: lessonKindSchema,
      status: lessonProgressStatusSchema,
      time_spent_seconds: z.number().int(),
      completed_at: z.string().nullable(),
    }),
  ),
  /** The first lesson of this module not completed yet; null when all are done. */
  next_lesson: z.object({ id: z.string(), title: z.string(), kind: lessonKindSchema }).nullable(),
});
export type ModuleLearningState = z.infer<typeof moduleLearningStateSchema>;

const learningStateCourseSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  required_tier: tierSchema,
  accessible: z.boolean(),
});

export const courseLearningStateSchema = z.object({
  course: learningStateCourseSchema,
  progress: courseProgressSummarySchema,
  time_spent_seconds: z.number().int(),
  modules: z.array(moduleLearningStateSchema),
  /** What to do next in the whole course; null when it is completed or nothing is open. */
  next_lesson: resumePositionSchema.nullable(),
});
export type CourseLearningState = z.infer<typeof courseLearningStateSchema>;

export const moduleLearningStateViewSchema = z.object({
  course: learningStateCourseSchema,
  module: moduleLearningStateSchema,
});
export type ModuleLearningStateView = z.infer<typeof moduleLearningStateViewSchema>;
