import type { CreateGoalBody, Goal, GoalKind, GoalStatus, UpdateGoalBody } from '@portal/shared/goals';
import { todayIn } from '@portal/shared/time-zone';
import { AppError } from '../../errors.ts';
import type { GoalValues, GoalWithItems } from './goals.repository.ts';
import { changeGoalStatus, type GoalsDeps } from './goals-evaluation.ts';

export const goalNotFound = () => new AppError('not_found', 'Goal not found.');

/** Which fields an edit may change, per kind. */
const EDITABLE: Record<GoalKind, ReadonlyArray<keyof UpdateGoalBody>> = {
  course_by_date: ['title', 'description', 'due_date', 'course_id'],
  study_minutes_weekly: ['title', 'description', 'due_date', 'target_minutes'],
  xp_weekly: ['title', 'description', 'due_date', 'target_xp'],
  checklist: ['title', 'description', 'due_date', 'items'],
};

type StatusChange = { from: readonly GoalStatus[]; to: GoalStatus };
const STATUS_CHANGES = {
  pause: { from: ['active'], to: 'paused' },
  resume: { from: ['paused'], to: 'active' },
  complete: { from: ['active', 'paused'], to: 'completed' },
} as const satisfies Record<string, StatusChange>;
export type GoalStatusAction = keyof typeof STATUS_CHANGES;

const goalValuesOf = (body: CreateGoalBody): GoalValues => ({
  kind: body.kind,
  title: body.title,
  description: body.description ?? null,
  courseId: body.kind === 'course_by_date' ? body.course_id : null,
  targetMinutes: body.kind === 'study_minutes_weekly' ? body.target_minutes : null,
  targetXp: body.kind === 'xp_weekly' ? body.target_xp : null,
  dueDate: body.due_date ?? null,
});

/** Refuses changes the goal's kind does not have, a course goal without a due date, and items of another goal. */
function assertChangesFit(existing: GoalWithItems, changes: UpdateGoalBody) {
  const foreign = Object.keys(changes).filter(
    (field) => !EDITABLE[existing.kind].includes(field as keyof UpdateGoalBody),
  );
  if (foreign.length > 0) {
    throw new AppError('bad_request', `${foreign.join(', ')} does not apply to this kind of goal.`);
  }
  if (existing.kind === 'course_by_date' && changes.due_date === null) {
    throw new AppError('bad_request', 'A course goal needs a due date.');
  }
}

function assertOwnItems(existing: GoalWithItems, changes: UpdateGoalBody) {
  if (!changes.items) return;
  const ownIds = new Set(existing.items.map((item) => item.id));
  const ids = changes.items.flatMap((item) => (item.id ? [item.id] : []));
  if (ids.some((id) => !ownIds.has(id)) || new Set(ids).size !== ids.length) {
    throw new AppError('bad_request', 'A checklist item does not belong to this goal.');
  }
}

async function assertDueDate({ timeZoneOf, now }: GoalsDeps, userId: string, dueDate: string | null | undefined) {
  if (!dueDate) return;
  const today = todayIn(await timeZoneOf(userId), now());
  if (dueDate < today) throw new AppError('bad_request', 'The due date cannot be in the past.');
}

async function assertCourse({ goalsRepository }: GoalsDeps, courseId: string) {
  if (!(await goalsRepository.isPublishedCourse(courseId))) {
    throw new AppError('bad_request', 'Choose one of the published courses.');
  }
}

/** Goals created and edited: due dates not in the past, courses among the published ones. */
export function createGoalEdits(deps: GoalsDeps, evaluateOne: (userId: string, goalId: string) => Promise<Goal>) {
  const { goalsRepository } = deps;
  return {
    async create(userId: string, body: CreateGoalBody): Promise<Goal> {
      await assertDueDate(deps, userId, body.due_date);
      if (body.kind === 'course_by_date') await assertCourse(deps, body.course_id);
      const values = goalValuesOf(body);
      const row = await goalsRepository.transaction((tx) =>
        goalsRepository.insert(tx, userId, values, body.kind === 'checklist' ? body.items : []),
      );
      return evaluateOne(userId, row.id);
    },

    async update(userId: string, goalId: string, changes: UpdateGoalBody): Promise<Goal> {
      const existing = await goalsRepository.findOne(userId, goalId);
      if (!existing) throw goalNotFound();
      assertChangesFit(existing, changes);
      if (changes.due_date !== undefined && changes.due_date !== existing.dueDate) {
        await assertDueDate(deps, userId, changes.due_date);
      }
      if (changes.course_id && changes.course_id !== existing.courseId) await assertCourse(deps, changes.course_id);
      assertOwnItems(existing, changes);
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
  };
}

/** A goal paused, resumed, completed, its checklist ticked, or the goal removed. */
export function createGoalStatusChanges(
  deps: GoalsDeps,
  evaluateOne: (userId: string, goalId: string) => Promise<Goal>,
) {
  const { goalsRepository, domainEvents, now } = deps;
  return {
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
        await changeGoalStatus(deps, tx, { goal, to: change.to, at: now() });
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
  };
}
