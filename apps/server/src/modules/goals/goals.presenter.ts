import {
  checklistProgress,
  courseGoalProgress,
  deadlineOf,
  type Goal,
  type GoalProgress,
  isGoalAtRisk,
  WEEKLY_GOAL_KINDS,
  weeklyMinutesProgress,
  weeklyXpProgress,
} from '@portal/shared/goals';
import type { GoalWithItems } from './goals.repository.ts';

/** What a goal's progress is computed from, gathered once per request. */
export type ProgressFacts = {
  now: Date;
  timeZone: string;
  week: { start: Date; end: Date };
  /** Seconds learned this week (lessons, study sessions, SCORM). */
  weekSeconds: number;
  /** XP earned this week. */
  weekXp: number;
  coursePercents: Map<string, number>;
};

export function progressOf(goal: GoalWithItems, facts: ProgressFacts): GoalProgress {
  switch (goal.kind) {
    case 'course_by_date':
      return courseGoalProgress(goal.courseId ? facts.coursePercents.get(goal.courseId) : 0);
    case 'study_minutes_weekly':
      return weeklyMinutesProgress(facts.weekSeconds, goal.targetMinutes ?? 0);
    case 'xp_weekly':
      return weeklyXpProgress(facts.weekXp, goal.targetXp ?? 0);
    case 'checklist':
      return checklistProgress(goal.items.map((item) => ({ done: item.doneAt !== null })));
  }
}

export function presentGoal(goal: GoalWithItems, facts: ProgressFacts): Goal {
  const progress = progressOf(goal, facts);
  const weekly = WEEKLY_GOAL_KINDS.has(goal.kind);
  const deadline = weekly ? facts.week.end : goal.dueDate ? deadlineOf(goal.dueDate, facts.timeZone) : null;
  // A weekly goal counts the whole week's learning, so its pace is measured from Monday.
  const startsAt = weekly ? facts.week.start : goal.createdAt;
  return {
    id: goal.id,
    kind: goal.kind,
    title: goal.title,
    description: goal.description,
    status: goal.status,
    due_date: goal.dueDate,
    course: goal.courseId ? { id: goal.courseId, title: goal.courseTitle ?? '' } : null,
    target_minutes: goal.targetMinutes,
    target_xp: goal.targetXp,
    items: goal.items.map((item) => ({
      id: item.id,
      label: item.label,
      done: item.doneAt !== null,
      done_at: item.doneAt?.toISOString() ?? null,
    })),
    progress,
    period: weekly ? { starts_at: facts.week.start.toISOString(), ends_at: facts.week.end.toISOString() } : null,
    deadline: deadline?.toISOString() ?? null,
    at_risk: isGoalAtRisk({ status: goal.status, percent: progress.percent, startsAt, deadline, now: facts.now }),
    created_at: goal.createdAt.toISOString(),
    updated_at: goal.updatedAt.toISOString(),
    paused_at: goal.pausedAt?.toISOString() ?? null,
    completed_at: goal.completedAt?.toISOString() ?? null,
  };
}
