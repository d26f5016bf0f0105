import { z } from 'zod';

/**
 * The learner's own numbers.
 * GET /api/analytics/home -> learnerHomeSchema (dashboard home: stats, last 14 days, insights).
 * GET /api/analytics/learner?from=YYYY-MM-DD&to=YYYY-MM-DD -> learnerAnalyticsSchema (analytics screen; tier `me`).
 */

export const HOME_CHART_DAYS = 14;
/** The longest range the analytics screen asks for at once. */
export const ANALYTICS_MAX_DAYS = 366;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31');

export const dashboardStatsSchema = z.object({
  active_courses: z.number().int(),
  current_streak: z.number().int(),
  active_goals: z.number().int(),
  /** Average progress of active goals, 0-100; null without active goals. */
  goal_progress: z.number().int().min(0).max(100).nullable(),
  completed_courses: z.number().int(),
  total_xp: z.number().int(),
  /** Minutes learnt in the current week (Monday to Sunday in the learner's time zone). */
  study_minutes_week: z.number().int(),
  study_minutes_total: z.number().int(),
  achievements: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const dailyPointSchema = z.object({ date: isoDate, study_minutes: z.number().int(), xp: z.number().int() });
export type DailyPoint = z.infer<typeof dailyPointSchema>;

export const insightSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('resume_course'),
    course_id: z.string(),
    course_title: z.string(),
    percent: z.number().int(),
    lesson_id: z.string().nullable(),
  }),
  z.object({ kind: z.literal('start_course') }),
  z.object({
    kind: z.literal('goal_at_risk'),
    goal_id: z.string(),
    goal_title: z.string(),
    due_date: isoDate.nullable(),
    progress: z.number().int(),
  }),
  z.object({
    kind: z.literal('retry_quiz'),
    course_id: z.string(),
    lesson_id: z.string(),
    lesson_title: z.string(),
    score: z.number().int(),
    pass_mark: z.number().int(),
  }),
  z.object({ kind: z.literal('streak_at_risk'), streak: z.number().int() }),
  z.object({
    kind: z.literal('week_compared'),
    this_week_minutes: z.number().int(),
    last_week_minutes: z.number().int(),
  }),
]);
export type Insight = z.infer<typeof insightSchema>;

export const learnerHomeSchema = z.object({
  time_zone: z.string(),
  stats: dashboardStatsSchema,
  daily: z.array(dailyPointSchema),
  insights: z.array(insightSchema),
});
export type LearnerHome = z.infer<typeof learnerHomeSchema>;

export const analyticsRangeQuerySchema = z
  .object({ from: isoDate, to: isoDate })
  .refine((range) => range.from <= range.to, {
    message: 'The start date must not be after the end date',
    path: ['from'],
  })
  .refine((range) => (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 < ANALYTICS_MAX_DAYS, {
    message: `Choose at most ${ANALYTICS_MAX_DAYS} days`,
    path: ['to'],
  });
export type AnalyticsRangeQuery = z.infer<typeof analyticsRangeQuerySchema>;

export const learnerAnalyticsSchema = z.object({
  time_zone: z.string(),
  from: isoDate,
  to: isoDate,
  totals: z.object({
    study_minutes: z.number().int(),
    xp: z.number().int(),
    lessons_completed: z.number().int(),
    quizzes_taken: z.number().int(),
    active_days: z.number().int(),
  }),
  /** One point per day of the range, zero-filled. */
  daily: z.array(dailyPointSchema.extend({ lessons_completed: z.number().int() })),
  courses: z.array(
    z.object({
      course_id: z.string(),
      title: z.string(),
      percent: z.number().int(),
      completed_at: z.string().nullable(),
      last_activity_at: z.string(),
    }),
  ),
  quizzes: z.array(
    z.object({
      course_id: z.string(),
      lesson_id: z.string(),
      lesson_title: z.string(),
      course_title: z.string(),
      best_score: z.number().int(),
      last_score: z.number().int(),
      pass_mark: z.number().int(),
      passed: z.boolean(),
      attempts: z.number().int(),
      last_attempt_at: z.string(),
    }),
  ),
});
export type LearnerAnalytics = z.infer<typeof learnerAnalyticsSchema>;
