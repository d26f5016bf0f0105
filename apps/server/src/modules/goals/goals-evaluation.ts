import { type GoalKind, type GoalList, type GoalStatus, goalStats } from '@portal/shared/goals';
import { weekWindow } from '@portal/shared/time-zone';
import type { DomainEvents } from '../events/domain-events.ts';
import { type ProgressFacts, presentGoal, progressOf } from './goals.presenter.ts';
import type { GoalRow, GoalsRepository, GoalWithItems, Tx } from './goals.repository.ts';

export type GoalsDeps = {
  goalsRepository: GoalsRepository;
  domainEvents: DomainEvents;
  timeZoneOf: (userId: string) => Promise<string>;
  /** Seconds the learner spent learning in [from, to): lessons, study sessions (the open one included), SCORM. */
  learningSecondsBetween: (userId: string, window: { from: Date; to: Date }) => Promise<number>;
  now: () => Date;
};

/** Moves a goal to `to` inside `tx`; goal.completed is recorded the first time a goal completes. */
export async function changeGoalStatus(
  { goalsRepository, domainEvents }: Pick<GoalsDeps, 'goalsRepository' | 'domainEvents'>,
  tx: Tx,
  { goal, to, at }: { goal: GoalRow; to: GoalStatus; at: Date },
) {
  const completing = to === 'completed';
  await goalsRepository.update(tx, goal.userId, goal.id, {
    status: to,
    pausedAt: to === 'paused' ? at : null,
    completedAt: completing ? at : null,
    ...(completing && !goal.firstCompletedAt ? { firstCompletedAt: at } : {}),
  });
  if (completing && !goal.firstCompletedAt) {
    await domainEvents.record(tx, {
      type: 'goal.completed',
      userId: goal.userId,
      subjectId: goal.id,
      payload: { goalId: goal.id },
    });
  }
}

/** What the learner's goals are measured against this week, reading only what their kinds need. */
async function readProgressFacts(
  { goalsRepository, learningSecondsBetween }: GoalsDeps,
  userId: string,
  { rows, at, timeZone }: { rows: GoalWithItems[]; at: Date; timeZone: string },
): Promise<ProgressFacts> {
  const week = weekWindow(at, timeZone);
  const courseIds = [...new Set(rows.flatMap((row) => (row.courseId ? [row.courseId] : [])))];
  const window = { from: week.start, to: week.end };
  const has = (kind: GoalKind) => rows.some((row) => row.kind === kind);
  const [weekSeconds, weekXp, coursePercents] = await Promise.all([
    has('study_minutes_weekly') ? learningSecondsBetween(userId, window) : Promise.resolve(0),
    has('xp_weekly') ? goalsRepository.xpBetween(userId, window) : Promise.resolve(0),
    goalsRepository.coursePercents(userId, courseIds),
  ]);
  return { now: at, timeZone, week, weekSeconds, weekXp, coursePercents };
}

/** Computes every goal of the learner from real activity, completing active goals that reached 100%. */
export async function evaluateGoals(deps: GoalsDeps, userId: string, listed?: GoalWithItems[]): Promise<GoalList> {
  const { goalsRepository, domainEvents } = deps;
  const at = deps.now();
  const timeZone = await deps.timeZoneOf(userId);
  let rows = listed ?? (await goalsRepository.list(userId));
  const facts = await readProgressFacts(deps, userId, { rows, at, timeZone });

  const reached = rows.filter((row) => row.status === 'active' && progressOf(row, facts).percent >= 100);
  if (reached.length > 0) {
    await goalsRepository.transaction(async (tx) => {
      for (const row of reached) {
        const locked = await goalsRepository.lock(tx, userId, row.id);
        if (locked?.status === 'active') await changeGoalStatus(deps, tx, { goal: locked, to: 'completed', at });
      }
    });
    void domainEvents.flush();
    rows = await goalsRepository.list(userId);
  }
  const goals = rows.map((row) => presentGoal(row, facts));
  return { goals, stats: goalStats(goals), time_zone: timeZone };
}
