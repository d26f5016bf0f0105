import {
  type CreateGoalBody,
  type Goal,
  type GoalKind,
  type GoalList,
  type GoalStatus,
  goalStats,
  type UpdateGoalBody,
} from '@portal/shared/goals';
import { todayIn, weekWindow } from '@portal/shared/time-zone';
import { AppError } from '../../errors.ts';
import { readPart } from '../../read-together.ts';
import type { DomainEvent, DomainEventType } from '../events/domain-event.types.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import { type ProgressFacts, presentGoal, progressOf } from './goals.presenter.ts';
import type { GoalRow, GoalsRepository, GoalValues, GoalWithItems, Tx } from './goals.repository.ts';

const goalNotFound = () => new AppError('not_found', 'Goal not found.');

/** Which fields an edit may change, per kind. */
const EDITABLE: Record<GoalKind, ReadonlyArray<keyof UpdateGoalBody>> = {
  course_by_date: ['title', 'description', 'due_date', 'course_id'],
  study_minutes_weekly: ['title', 'description', 'due_date', 'target_minutes'],
  xp_weekly: ['title', 'description', 'due_date', 'target_xp'],
  checklist: ['title', 'description', 'due_date', 'items'],
};

/** Activity after which a goal may have reached its target. */
const PROGRESS_EVENTS: ReadonlySet<DomainEventType> = new Set([
  'lesson.completed',
  'module.completed',
  'course.completed',
  'quiz.passed',
  'scorm.completed',
  'scorm.passed',
  'study_session.completed',
]);

type StatusChange = { from: readonly GoalStatus[]; to: GoalStatus };
const STATUS_CHANGES = {
  pause: { from: ['active'], to: 'paused' },
  resume: { from: ['paused'], to: 'active' },
  complete: { from: ['active', 'paused'], to: 'completed' },
} as const satisfies Record<string, StatusChange>;
export type GoalStatusAction = keyof typeof STATUS_CHANGES;

export function createGoalsService({
  goalsRepository,
  domainEvents,
  timeZoneOf,
  learningSecondsBetween,
  now = () => new Date(),
}: {
  goalsRepository: GoalsRepository;
  domainEvents: DomainEvents;
  timeZoneOf: (userId: string) => Promise<string>;
  /** Seconds the learner spent learning in [from, to): lessons, study sessions (the open one included), SCORM. */
  learningSecondsBetween: (userId: string, window: { from: Date; to: Date }) => Promise<number>;
  now?: () => Date;
}) {
  /** Moves a goal to `to` inside `tx`; goal.completed is recorded the first time a goal completes. */
  async function changeStatus(tx: Tx, goal: GoalRow, to: GoalStatus, at: Date) {
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

  /** Computes every goal of the learner from real activity, completing active goals that reached 100%. */
  async function evaluate(userId: string, listed?: GoalWithItems[]): Promise<GoalList> {
    const at = now();
    const timeZone = await timeZoneOf(userId);
    const week = weekWindow(at, timeZone);
    let rows = listed ?? (await goalsRepository.list(userId));
    const courseIds = [...new Set(rows.flatMap((row) => (row.courseId ? [row.courseId] : [])))];
    const window = { from: week.start, to: week.end };
    const has = (kind: GoalKind) => rows.some((row) => row.kind === kind);
    const [weekSeconds, weekXp, coursePercents] = await Promise.all([
      has('study_minutes_weekly') ? learningSecondsBetween(userId, window) : Promise.resolve(0),
      has('xp_weekly') ? goalsRepository.xpBetween(userId, window) : Promise.resolve(0),
      goalsRepository.coursePercents(userId, courseIds),
    ]);
    const facts: ProgressFacts = { now: at, timeZone, week, weekSeconds, weekXp, coursePercents };

    const reached = rows.filter((row) => row.status === 'active' && progressOf(row, facts).percent >= 100);
    if (reached.length > 0) {
      await goalsRepository.transaction(async (tx) => {
        for (const row of reached) {
          const locked = await goalsRepository.lock(tx, userId, row.id);
          if (locked?.status === 'active') await changeStatus(tx, locked, 'completed', at);
        }
      });
      void domainEvents.flush();
      rows = await goalsRepository.list(userId);
    }
    const goals = rows.map((row) => presentGoal(row, facts));
    return { goals, stats: goalStats(goals), time_zone: timeZone };
  }

  async function evaluateOne(userId: string, goalId: string): Promise<Goal> {
    const goal = (await evaluate(userId)).goals.find((candidate) => candidate.id === goalId);
    if (!goal) throw goalNotFound();
    return goal;
  }

  async function assertDueDate(userId: string, dueDate: string | null | undefined) {
    if (!dueDate) return;
    const today = todayIn(await timeZoneOf(userId), now());
    if (dueDate < today) throw new AppError('bad_request', 'The due date cannot be in the past.');
  }

  async function assertCourse(courseId: string) {
    if (!(await goalsRepository.isPublishedCourse(courseId))) {
      throw new AppError('bad_request', 'Choose one of the published courses.');
    }
  }

  return {
    list: (userId: string) => evaluate(userId),
    get: evaluateOne,

    async options(userId: string) {
      const timeZone = await timeZoneOf(userId);
      return {
        courses: await goalsRepository.courseOptions(userId),
        today: todayIn(timeZone, now()),
        time_zone: timeZone,
      };
    },

    async create(userId: string, body: CreateGoalBody): Promise<Goal> {
      await assertDueDate(userId, body.due_date);
      if (body.kind === 'course_by_date') await assertCourse(body.course_id);
      const values: GoalValues = {
        kind: body.kind,
        title: body.title,
        description: body.description ?? null,
        courseId: body.kind === 'course_by_date' ? body.course_id : null,
        targetMinutes: body.kind === 'study_minutes_weekly' ? body.target_minutes : null,
        targetXp: body.kind === 'xp_weekly' ? body.target_xp : null,
        dueDate: body.due_date ?? null,
      };
      const row = await goalsRepository.transaction((tx) =>
        goalsRepository.insert(tx, userId, values, body.kind === 'checklist' ? body.items : []),
      );
      return evaluateOne(userId, row.id);
    },

    async update(userId: string, goalId: string, changes: UpdateGoalBody): Promise<Goal> {
      const existing = await goalsRepository.findOne(userId, goalId);
      if (!existing) throw goalNotFound();
      const foreign = Object.keys(changes).filter(
        (field) => !EDITABLE[existing.kind].includes(field as keyof UpdateGoalBody),
      );
      if (foreign.length > 0) {
        throw new AppError('bad_request', `${foreign.join(', ')} does not apply to this kind of goal.`);
      }
      if (existing.kind === 'course_by_date' && changes.due_date === null) {
        throw new AppError('bad_request', 'A course goal needs a due date.');
      }
      if (changes.due_date !== undefined && changes.due_date !== existing.dueDate) {
        await assertDueDate(userId, changes.due_date);
      }
      if (changes.course_id && changes.course_id !== existing.courseId) await assertCourse(changes.course_id);
      if (changes.items) {
        const ownIds = new Set(existing.items.map((item) => item.id));
        const ids = changes.items.flatMap((item) => (item.id ? [item.id] : []));
        if (ids.some((id) => !ownIds.has(id)) || new Set(ids).size !== ids.length) {
          throw new AppError('bad_request', 'A checklist item does not belong to this goal.');
        }
      }
      await goalsRepository.transaction(async (tx) => {
        const locked = await goalsRepository.lock(tx, userId, goalId);
        if (!locked) throw goalNotFound();
        await goalsRepository.update(tx, userId, goalId, {
          title: changes.title,
          description: changes.description,
          dueDate: changes.due_date,
          courseId: changes.course_id,
          targetMinutes: changes.target_minutes,
          targetXp: changes.target_xp,
        });
        if (changes.items) await goalsRepository.replaceItems(tx, goalId, changes.items);
      });
      return evaluateOne(userId, goalId);
    },

    /** A goal already in the target status is answered unchanged; any other wrong status is a conflict. */
    async changeStatus(userId: string, goalId: string, action: GoalStatusAction): Promise<Goal> {
      const change: StatusChange = STATUS_CHANGES[action];
      await goalsRepository.transaction(async (tx) => {
        const goal = await goalsRepository.lock(tx, userId, goalId);
        if (!goal) throw goalNotFound();
        if (goal.status === change.to) return;
        if (!change.from.includes(goal.status)) {
          throw new AppError('conflict', `A ${goal.status} goal cannot be changed that way.`);
        }
        await changeStatus(tx, goal, change.to, now());
      });
      void domainEvents.flush();
      return evaluateOne(userId, goalId);
    },

    async setItemDone(userId: string, goalId: string, itemId: string, done: boolean): Promise<Goal> {
      await goalsRepository.transaction(async (tx) => {
        const goal = await goalsRepository.lock(tx, userId, goalId);
        if (!goal) throw goalNotFound();
        if (goal.kind !== 'checklist') throw new AppError('bad_request', 'Only checklist goals have items.');
        if (goal.status === 'completed') throw new AppError('conflict', 'A completed goal keeps its checklist.');
        const found = await goalsRepository.setItemDone(tx, goalId, itemId, done ? now() : null);
        if (!found) throw new AppError('not_found', 'Checklist item not found.');
      });
      return evaluateOne(userId, goalId);
    },

    async remove(userId: string, goalId: string) {
      if (!(await goalsRepository.delete(userId, goalId))) throw goalNotFound();
    },

    /** Deadlines of the learner's open goals, as all-day calendar entries. */
    async calendarEntries(userId: string, publicUrl: string) {
      const { goals } = await evaluate(userId);
      return goals.flatMap((goal) =>
        goal.due_date && goal.status !== 'completed'
          ? [
              {
                id: `goal-${goal.id}`,
                title: goal.title,
                ...(goal.description ? { description: goal.description } : {}),
                start: new Date(`${goal.due_date}T00:00:00Z`),
                allDay: true,
                url: new URL('/dashboard/learner/goals', publicUrl).toString(),
              },
            ]
          : [],
      );
    },

    /** What the learner home shows about goals; the goals are read with the home's other parts. */
    dashboardSummaryPart(userId: string) {
      const listed = goalsRepository.listPart(userId);
      return readPart(listed.query, async (value) => {
        const { goals, stats } = await evaluate(userId, listed.read(value));
        return {
          active: stats.active,
          averageProgress: stats.average_progress,
          atRisk: goals
            .filter((goal) => goal.at_risk)
            .map((goal) => ({
              id: goal.id,
              title: goal.title,
              dueDate: goal.due_date,
              progress: goal.progress.percent,
            })),
        };
      });
    },

    /** Re-checks the learner's goals after activity that may have completed one (idempotent). */
    async onDomainEvent(event: DomainEvent) {
      if (PROGRESS_EVENTS.has(event.type)) await evaluate(event.userId);
    },
  };
}
export type GoalsService = ReturnType<typeof createGoalsService>;
