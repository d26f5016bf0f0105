/**
 * Learning goals. Progress is computed on the server from real activity each time goals are read:
 *   course_by_date        - the course's percent (course_progress), due on `due_date`;
 *   study_minutes_weekly  - minutes studied this week (Monday to Monday in the learner's time zone): focused
 *                           minutes of study sessions plus lesson time;
 *   xp_weekly             - XP earned this week (awards in the user_xp ledger);
 *   checklist             - items ticked / items.
 * An active goal whose progress reaches 100% completes by itself (goal.completed happens once per goal).
 *
 *   GET    /api/goals                                  -> goalListSchema (every goal of the learner, with stats)
 *   GET    /api/goals/options                          -> goalOptionsSchema (courses a goal can be about)
 *   POST   /api/goals          createGoalBodySchema    -> goalEnvelopeSchema (201)
 *   GET    /api/goals/:goalId                          -> goalEnvelopeSchema
 *   PATCH  /api/goals/:goalId  updateGoalBodySchema    -> goalEnvelopeSchema
 *   POST   /api/goals/:goalId/pause | /resume | /complete -> goalEnvelopeSchema (the same status again answers the
 *                                                     goal unchanged; any other wrong status is 409 `conflict`)
 *   PUT    /api/goals/:goalId/items/:itemId  checklistItemStateBodySchema -> goalEnvelopeSchema
 *   DELETE /api/goals/:goalId                          -> 204
 * Another learner's goal answers 404 `not_found` and nothing changes.
 */
import { z } from 'zod';
import { shiftLocalDate, startOfLocalDate } from './time-zone.ts';

export const GOAL_KINDS = ['course_by_date', 'study_minutes_weekly', 'xp_weekly', 'checklist'] as const;
/** Kinds whose progress counts the current week. */
export const WEEKLY_GOAL_KINDS: ReadonlySet<GoalKind> = new Set(['study_minutes_weekly', 'xp_weekly']);
export const goalKindSchema = z.enum(GOAL_KINDS);
export type GoalKind = z.infer<typeof goalKindSchema>;

export const GOAL_STATUSES = ['active', 'paused', 'completed'] as const;
export const goalStatusSchema = z.enum(GOAL_STATUSES);
export type GoalStatus = z.infer<typeof goalStatusSchema>;

/** A goal is "due soon" this many days before its deadline. */
export const GOAL_DUE_SOON_DAYS = 3;
export const GOAL_TITLE_MAX = 120;
export const GOAL_DESCRIPTION_MAX = 500;
export const CHECKLIST_ITEM_MAX = 200;
export const CHECKLIST_ITEMS_MAX = 30;
export const WEEKLY_MINUTES_MIN = 5;
export const WEEKLY_MINUTES_MAX = 7 * 24 * 60;
export const WEEKLY_XP_MIN = 10;
export const WEEKLY_XP_MAX = 100_000;

// ---------------------------------------------------------------- time

/** The instant a due date is over: the start of the following day in the learner's time zone. */
export function deadlineOf(dueDate: string, timeZone: string): Date {
  return startOfLocalDate(shiftLocalDate(dueDate, 1), timeZone);
}

// ---------------------------------------------------------------- progress

export type GoalProgress = {
  current: number;
  target: number;
  unit: 'percent' | 'minutes' | 'xp' | 'items';
  /** 0-100, rounded down so that 100 means really done. */
  percent: number;
};

export function percentOf(current: number, target: number): number {
  if (!(target > 0) || !Number.isFinite(current)) return 0;
  return Math.min(100, Math.max(0, Math.floor((current / target) * 100)));
}

export function courseGoalProgress(coursePercent: number | null | undefined): GoalProgress {
  const current = Math.min(100, Math.max(0, Math.floor(coursePercent ?? 0)));
  return { current, target: 100, unit: 'percent', percent: current };
}

export function weeklyMinutesProgress(studiedSeconds: number, targetMinutes: number): GoalProgress {
  const current = Math.max(0, Math.floor(studiedSeconds / 60));
  return { current, target: targetMinutes, unit: 'minutes', percent: percentOf(current, targetMinutes) };
}

export function weeklyXpProgress(xp: number, targetXp: number): GoalProgress {
  const current = Math.max(0, Math.floor(xp));
  return { current, target: targetXp, unit: 'xp', percent: percentOf(current, targetXp) };
}

export function checklistProgress(items: ReadonlyArray<{ done: boolean }>): GoalProgress {
  const done = items.filter((item) => item.done).length;
  return { current: done, target: items.length, unit: 'items', percent: percentOf(done, items.length) };
}

/**
 * At risk: an active goal that is due soon (or overdue) and behind, i.e. its progress is below the share of the
 * time between its start and its deadline that has already passed.
 */
export function isGoalAtRisk({
  status,
  percent,
  startsAt,
  deadline,
  now,
}: {
  status: GoalStatus;
  percent: number;
  startsAt: Date;
  deadline: Date | null;
  now: Date;
}): boolean {
  if (status !== 'active' || !deadline || percent >= 100) return false;
  const left = deadline.getTime() - now.getTime();
  if (left > GOAL_DUE_SOON_DAYS * 24 * 3600 * 1000) return false;
  if (left <= 0) return true;
  const span = deadline.getTime() - startsAt.getTime();
  const elapsedShare = span > 0 ? (now.getTime() - startsAt.getTime()) / span : 1;
  return percent < Math.min(100, elapsedShare * 100);
}

// ---------------------------------------------------------------- contracts

export const dueDateSchema = z.iso.date({ error: 'Use a date like 2025-12-31.' });
const titleSchema = z.string().trim().min(1).max(GOAL_TITLE_MAX);
const descriptionSchema = z.string().trim().max(GOAL_DESCRIPTION_MAX).nullable();
const checklistLabelSchema = z.string().trim().min(1).max(CHECKLIST_ITEM_MAX);
const targetMinutesSchema = z.number().int().min(WEEKLY_MINUTES_MIN).max(WEEKLY_MINUTES_MAX);
const targetXpSchema = z.number().int().min(WEEKLY_XP_MIN).max(WEEKLY_XP_MAX);

export const createGoalBodySchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('course_by_date'),
      title: titleSchema,
      description: descriptionSchema.optional(),
      course_id: z.uuid(),
      due_date: dueDateSchema,
    })
    .strict(),
  z
    .object({
      kind: z.literal('study_minutes_weekly'),
      title: titleSchema,
      description: descriptionSchema.optional(),
      target_minutes: targetMinutesSchema,
      due_date: dueDateSchema.nullable().optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('xp_weekly'),
      title: titleSchema,
      description: descriptionSchema.optional(),
      target_xp: targetXpSchema,
      due_date: dueDateSchema.nullable().optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('checklist'),
      title: titleSchema,
      description: descriptionSchema.optional(),
      items: z.array(checklistLabelSchema).min(1).max(CHECKLIST_ITEMS_MAX),
      due_date: dueDateSchema.nullable().optional(),
    })
    .strict(),
]);
export type CreateGoalBody = z.infer<typeof createGoalBodySchema>;

/** Items of a checklist after an edit: existing ones keep their id (and ticked state), new ones have none. */
export const checklistItemEditSchema = z.object({ id: z.uuid().optional(), label: checklistLabelSchema }).strict();

/** Fields that do not fit the goal's kind are refused with 400. */
export const updateGoalBodySchema = z
  .object({
    title: titleSchema,
    description: descriptionSchema,
    due_date: dueDateSchema.nullable(),
    course_id: z.uuid(),
    target_minutes: targetMinutesSchema,
    target_xp: targetXpSchema,
    items: z.array(checklistItemEditSchema).min(1).max(CHECKLIST_ITEMS_MAX),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change.');
export type UpdateGoalBody = z.infer<typeof updateGoalBodySchema>;

export const checklistItemStateBodySchema = z.object({ done: z.boolean() }).strict();

export const goalParamsSchema = z.object({ goalId: z.uuid() });
export const goalItemParamsSchema = z.object({ goalId: z.uuid(), itemId: z.uuid() });

export const goalProgressSchema = z.object({
  current: z.number(),
  target: z.number(),
  unit: z.enum(['percent', 'minutes', 'xp', 'items']),
  percent: z.number().int().min(0).max(100),
});

export const checklistItemSchema = z.object({
  id: z.string(),
  label: z.string(),
  done: z.boolean(),
  done_at: z.string().nullable(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

export const goalSchema = z.object({
  id: z.string(),
  kind: goalKindSchema,
  title: z.string(),
  description: z.string().nullable(),
  status: goalStatusSchema,
  due_date: z.string().nullable(),
  course: z.object({ id: z.string(), title: z.string() }).nullable(),
  target_minutes: z.number().int().nullable(),
  target_xp: z.number().int().nullable(),
  items: z.array(checklistItemSchema),
  progress: goalProgressSchema,
  /** The week the progress of a weekly goal (minutes or XP) counts; null for other kinds. */
  period: z.object({ starts_at: z.string(), ends_at: z.string() }).nullable(),
  /** When the goal is over: the end of its due date, or of this week for a weekly goal; null when open-ended. */
  deadline: z.string().nullable(),
  at_risk: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  paused_at: z.string().nullable(),
  completed_at: z.string().nullable(),
});
export type Goal = z.infer<typeof goalSchema>;

export const goalStatsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  paused: z.number().int(),
  completed: z.number().int(),
  /** Mean progress of the active goals; null without any. */
  average_progress: z.number().int().nullable(),
  at_risk: z.number().int(),
});
export type GoalStats = z.infer<typeof goalStatsSchema>;

export function goalStats(goals: ReadonlyArray<Pick<Goal, 'status' | 'at_risk' | 'progress'>>): GoalStats {
  const active = goals.filter((goal) => goal.status === 'active');
  return {
    total: goals.length,
    active: active.length,
    paused: goals.filter((goal) => goal.status === 'paused').length,
    completed: goals.filter((goal) => goal.status === 'completed').length,
    average_progress:
      active.length === 0
        ? null
        : Math.round(active.reduce((sum, goal) => sum + goal.progress.percent, 0) / active.length),
    at_risk: goals.filter((goal) => goal.at_risk).length,
  };
}

export const goalListSchema = z.object({ goals: z.array(goalSchema), stats: goalStatsSchema, time_zone: z.string() });
export type GoalList = z.infer<typeof goalListSchema>;

export const goalEnvelopeSchema = z.object({ goal: goalSchema });

export const goalOptionsSchema = z.object({
  courses: z.array(z.object({ id: z.string(), title: z.string(), percent: z.number().int() })),
  /** Today in the learner's time zone: the earliest due date accepted. */
  today: z.string(),
  time_zone: z.string(),
});
export type GoalOptions = z.infer<typeof goalOptionsSchema>;
