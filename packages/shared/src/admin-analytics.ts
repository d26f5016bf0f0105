import { z } from 'zod';

/**
 * Admin analytics (admins only). Days are UTC days; learners are users who are neither admin nor instructor.
 *   GET  /api/admin/analytics?from=&to=&course=          -> adminAnalyticsSchema
 *   GET  /api/admin/analytics/at-risk?course=&cursor=     -> atRiskPageSchema (most idle first, 50 a page)
 *   POST /api/admin/analytics/at-risk/:userId/nudge       -> nudgeResultSchema; 429 `rate_limited` with the time the
 *                                                            next nudge is allowed in `reasons[0]` (and Retry-After)
 *   GET  /api/admin/analytics/export.csv?section=&from=&to=&course= -> text/csv
 */

/** The longest range the analytics screen asks for at once. */
export const ADMIN_ANALYTICS_MAX_DAYS = 366;
/** One nudge mail per learner within this many hours. */
export const NUDGE_COOLDOWN_HOURS = 24;
export const AT_RISK_PAGE_SIZE = 50;
/** A quiz or SCO failed this many times (and never passed) flags the learner. */
export const AT_RISK_FAILURES = 2;

const courseFilter = z.uuid({ error: 'Choose a course from the list' }).optional();

const rangeFields = z.object({
  from: z.iso.date({ error: 'Use a date like 2026-01-31' }),
  to: z.iso.date({ error: 'Use a date like 2026-01-31' }),
  course: courseFilter,
});

/** Day count of an inclusive range of ISO dates. */
export const rangeDays = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

function checkRange(range: { from: string; to: string }, context: z.RefinementCtx) {
  if (range.from > range.to) {
    context.addIssue({ code: 'custom', message: 'The start date must not be after the end date', path: ['from'] });
  } else if (rangeDays(range.from, range.to) > ADMIN_ANALYTICS_MAX_DAYS) {
    context.addIssue({ code: 'custom', message: `Choose at most ${ADMIN_ANALYTICS_MAX_DAYS} days`, path: ['to'] });
  }
}

export const adminAnalyticsQuerySchema = rangeFields.superRefine(checkRange);
export type AdminAnalyticsQuery = z.infer<typeof adminAnalyticsQuerySchema>;

export const EXPORT_SECTIONS = ['engagement', 'funnels', 'scorm', 'at-risk'] as const;
export type ExportSection = (typeof EXPORT_SECTIONS)[number];

export const adminAnalyticsExportQuerySchema = rangeFields
  .extend({ section: z.enum(EXPORT_SECTIONS) })
  .superRefine(checkRange);
export type AdminAnalyticsExportQuery = z.infer<typeof adminAnalyticsExportQuerySchema>;

const count = z.number().int().min(0);

export const engagementDaySchema = z.object({
  date: z.iso.date(),
  active_learners: count,
  lesson_completions: count,
  xp: count,
});
export type EngagementDay = z.infer<typeof engagementDaySchema>;

/**
 * Learners who opened the course in the range (enrolled), and of them those who completed a lesson (started), reached
 * half of it and completed it, as they stand now.
 */
export const courseFunnelSchema = z.object({
  course_id: z.string(),
  title: z.string(),
  enrolled: count,
  started: count,
  half: count,
  completed: count,
});
export type CourseFunnel = z.infer<typeof courseFunnelSchema>;

/** Attempts started in the range; the pass rate is passed / (passed + failed) in percent, null without a result. */
export const scormPassRateSchema = z.object({
  package_id: z.string(),
  title: z.string(),
  attempts: count,
  passed: count,
  failed: count,
  pass_rate: z.number().min(0).max(100).nullable(),
});
export type ScormPassRate = z.infer<typeof scormPassRateSchema>;

/** Learners whose value lies in [min, max]; `max` null is open-ended. */
export const distributionBucketSchema = z.object({ min: count, max: count.nullable(), learners: count });
export type DistributionBucket = z.infer<typeof distributionBucketSchema>;

export const adminAnalyticsSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  course_id: z.string().nullable(),
  /** Every course, for the filter. */
  courses: z.array(z.object({ id: z.string(), title: z.string() })),
  /** One point per day of the range, zero-filled. */
  engagement: z.array(engagementDaySchema),
  funnels: z.array(courseFunnelSchema),
  scorm: z.array(scormPassRateSchema),
  /** Lifetime XP and current learning streak of learners today (not bound to the range). */
  xp_distribution: z.array(distributionBucketSchema),
  streak_distribution: z.array(distributionBucketSchema),
});
export type AdminAnalytics = z.infer<typeof adminAnalyticsSchema>;

// At-risk learners -------------------------------------------------------------------------------------------------

export const AT_RISK_REASON_CODES = ['inactive', 'goal_behind', 'quiz_failed', 'scorm_failed'] as const;
export type AtRiskReasonCode = (typeof AT_RISK_REASON_CODES)[number];

export const atRiskReasonSchema = z.discriminatedUnion('code', [
  /** No learning activity for `days` days (at least the thresholds screen's number). */
  z.object({ code: z.literal('inactive'), days: count }),
  /** An active goal with a target date that is overdue, or due soon and behind its pace. */
  z.object({
    code: z.literal('goal_behind'),
    goal_id: z.string(),
    goal_title: z.string(),
    due_date: z.iso.date(),
    percent: count,
  }),
  z.object({
    code: z.literal('quiz_failed'),
    lesson_id: z.string(),
    lesson_title: z.string(),
    course_title: z.string(),
    failures: count,
  }),
  z.object({
    code: z.literal('scorm_failed'),
    package_id: z.string(),
    package_title: z.string(),
    sco_title: z.string(),
    failures: count,
  }),
]);
export type AtRiskReason = z.infer<typeof atRiskReasonSchema>;

export const atRiskLearnerSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  /** Null for accounts that signed up with a phone number only. */
  email: z.string().nullable(),
  reasons: z.array(atRiskReasonSchema).min(1),
  last_activity_at: z.string().nullable(),
  last_nudged_at: z.string().nullable(),
  /** When a nudge may be sent again; null when it may be sent now. */
  next_nudge_at: z.string().nullable(),
});
export type AtRiskLearner = z.infer<typeof atRiskLearnerSchema>;

export const atRiskQuerySchema = z.object({
  course: courseFilter,
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'This page link is not valid')
    .optional(),
});
export type AtRiskQuery = z.infer<typeof atRiskQuerySchema>;

export const atRiskPageSchema = z.object({
  /** The thresholds screen's number of inactive days in force. */
  inactive_days: z.number().int().min(1),
  learners: z.array(atRiskLearnerSchema),
  next_cursor: z.string().nullable(),
});
export type AtRiskPage = z.infer<typeof atRiskPageSchema>;

export const nudgeParamsSchema = z.object({ userId: z.string().min(1).max(200) });

export const nudgeResultSchema = z.object({
  user_id: z.string(),
  sent_at: z.string(),
  next_nudge_at: z.string(),
});
export type NudgeResult = z.infer<typeof nudgeResultSchema>;
