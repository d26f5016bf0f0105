import type { GoalKind, GoalStatus } from '@portal/shared/goals';
import { and, asc, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courseProgress, courses, userXp } from '../../db/schema.ts';
import { jsonDate, readPart, readTogether } from '../../read-together.ts';
import { goalChecklistItems, goals } from './goals.table.ts';

export type GoalRow = typeof goals.$inferSelect;
export type ChecklistItemRow = typeof goalChecklistItems.$inferSelect;
export type GoalWithItems = GoalRow & { courseTitle: string | null; items: ChecklistItemRow[] };
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type GoalValues = {
  kind: GoalKind;
  title: string;
  description: string | null;
  courseId: string | null;
  targetMinutes: number | null;
  targetXp: number | null;
  dueDate: string | null;
};

type Dated<T, Keys extends keyof T> = Omit<T, Keys> & { [K in Keys]: string | (null extends T[K] ? null : never) };
type GoalJson = Dated<GoalRow, 'createdAt' | 'updatedAt' | 'pausedAt' | 'completedAt' | 'firstCompletedAt'> & {
  courseTitle: string | null;
  items: Dated<ChecklistItemRow, 'doneAt' | 'createdAt'>[];
};

const goalFromJson = (goal: GoalJson): GoalWithItems => ({
  ...goal,
  createdAt: new Date(goal.createdAt),
  updatedAt: new Date(goal.updatedAt),
  pausedAt: jsonDate(goal.pausedAt),
  completedAt: jsonDate(goal.completedAt),
  firstCompletedAt: jsonDate(goal.firstCompletedAt),
  items: goal.items.map((item) => ({ ...item, doneAt: jsonDate(item.doneAt), createdAt: new Date(item.createdAt) })),
});

/** The goals with their checklist items, in order. */
async function attachItems(db: Db, rows: { goal: GoalRow; courseTitle: string | null }[]): Promise<GoalWithItems[]> {
  const ids = rows.map((row) => row.goal.id);
  const items =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(goalChecklistItems)
          .where(inArray(goalChecklistItems.goalId, ids))
          .orderBy(asc(goalChecklistItems.position), asc(goalChecklistItems.createdAt));
  return rows.map((row) => ({
    ...row.goal,
    courseTitle: row.courseTitle,
    items: items.filter((item) => item.goalId === row.goal.id),
  }));
}

const selectGoals = (db: Db) =>
  db.select({ goal: goals, courseTitle: courses.title }).from(goals).leftJoin(courses, eq(courses.id, goals.courseId));

/** The learner's goals with their items, oldest first, in one query; to read alone or with other parts. */
const listPart = (userId: string) =>
  readPart(
    sql`select coalesce(json_agg(json_build_object(
        'id', g.id, 'userId', g.user_id, 'kind', g.kind, 'title', g.title, 'description', g.description,
        'status', g.status, 'courseId', g.course_id, 'targetMinutes', g.target_minutes, 'targetXp', g.target_xp,
        'dueDate', g.due_date, 'createdAt', g.created_at, 'updatedAt', g.updated_at, 'pausedAt', g.paused_at,
        'completedAt', g.completed_at, 'firstCompletedAt', g.first_completed_at, 'courseTitle', c.title,
        'items', (select coalesce(json_agg(json_build_object('id', i.id, 'goalId', i.goal_id,
            'position', i.position, 'label', i.label, 'doneAt', i.done_at, 'createdAt', i.created_at)
            order by i.position, i.created_at), '[]'::json)
          from ${goalChecklistItems} i where i.goal_id = g.id))
        order by g.created_at, g.id), '[]'::json)
      from ${goals} g left join ${courses} c on c.id = g.course_id
      where g.user_id = ${userId}`,
    (value) => (value as GoalJson[]).map(goalFromJson),
  );

/** The learner's goals read, and the transaction and lock their changes run in. */
function createGoalReads(db: Db) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    listPart,

    async list(userId: string): Promise<GoalWithItems[]> {
      return (await readTogether(db, { goals: listPart(userId) })).goals;
    },

    async findOne(userId: string, goalId: string): Promise<GoalWithItems | undefined> {
      const [row] = await attachItems(
        db,
        await selectGoals(db).where(and(eq(goals.id, goalId), eq(goals.userId, userId))),
      );
      return row;
    },

    /** One of the learner's goals, locked until the transaction ends; undefined for anyone else's. */
    async lock(tx: Tx, userId: string, goalId: string): Promise<GoalRow | undefined> {
      const [row] = await tx
        .select()
        .from(goals)
        .where(and(eq(goals.id, goalId), eq(goals.userId, userId)))
        .for('update');
      return row;
    },
  };
}

/** A goal created, changed or removed, always scoped by its learner. */
function createGoalWrites(db: Db) {
  return {
    async insert(tx: Tx, userId: string, values: GoalValues, itemLabels: string[]): Promise<GoalRow> {
      const [row] = await tx
        .insert(goals)
        .values({ userId, ...values })
        .returning();
      if (!row) throw new Error('Goal insert returned no row');
      if (itemLabels.length > 0) {
        await tx
          .insert(goalChecklistItems)
          .values(itemLabels.map((label, position) => ({ goalId: row.id, label, position })));
      }
      return row;
    },

    async update(
      tx: Tx,
      userId: string,
      goalId: string,
      changes: Partial<
        GoalValues & {
          status: GoalStatus;
          pausedAt: Date | null;
          completedAt: Date | null;
          firstCompletedAt: Date | null;
        }
      >,
    ) {
      const [row] = await tx
        .update(goals)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(goals.id, goalId), eq(goals.userId, userId)))
        .returning();
      return row;
    },

    async delete(userId: string, goalId: string): Promise<boolean> {
      const rows = await db
        .delete(goals)
        .where(and(eq(goals.id, goalId), eq(goals.userId, userId)))
        .returning({ id: goals.id });
      return rows.length > 0;
    },
  };
}

/** A goal's checklist items, reached only through their goal. */
function createChecklistWrites() {
  return {
    async listItems(tx: Tx, goalId: string): Promise<ChecklistItemRow[]> {
      return tx.select().from(goalChecklistItems).where(eq(goalChecklistItems.goalId, goalId));
    },

    /** Makes the checklist exactly `items`, in order: listed ids keep their ticks, others go, new labels are added. */
    async replaceItems(tx: Tx, goalId: string, items: { id?: string | undefined; label: string }[]) {
      const keptIds = items.flatMap((item) => (item.id ? [item.id] : []));
      await tx
        .delete(goalChecklistItems)
        .where(
          and(
            eq(goalChecklistItems.goalId, goalId),
            keptIds.length > 0 ? notInArray(goalChecklistItems.id, keptIds) : undefined,
          ),
        );
      for (const [position, item] of items.entries()) {
        if (item.id) {
          await tx
            .update(goalChecklistItems)
            .set({ label: item.label, position })
            .where(and(eq(goalChecklistItems.id, item.id), eq(goalChecklistItems.goalId, goalId)));
        } else {
          await tx.insert(goalChecklistItems).values({ goalId, label: item.label, position });
        }
      }
    },

    async setItemDone(tx: Tx, goalId: string, itemId: string, doneAt: Date | null): Promise<boolean> {
      const rows = await tx
        .update(goalChecklistItems)
        // Ticking an item twice keeps the moment it was first ticked.
        .set({ doneAt: doneAt ? sql`coalesce(${goalChecklistItems.doneAt}, ${doneAt})` : null })
        .where(and(eq(goalChecklistItems.id, itemId), eq(goalChecklistItems.goalId, goalId)))
        .returning({ id: goalChecklistItems.id });
      return rows.length > 0;
    },
  };
}

/** What a goal's progress is measured against: course percents and XP earned. */
function createGoalFacts(db: Db) {
  return {
    /** The learner's percent in each of these courses (0 for a course not started). */
    async coursePercents(userId: string, courseIds: string[]): Promise<Map<string, number>> {
      if (courseIds.length === 0) return new Map();
      const rows = await db
        .select({ courseId: courseProgress.courseId, percent: courseProgress.percent })
        .from(courseProgress)
        .where(and(eq(courseProgress.userId, userId), inArray(courseProgress.courseId, courseIds)));
      return new Map(rows.map((row) => [row.courseId, row.percent]));
    },

    /** XP the learner earned in [from, to) (awards only: spending in the shop does not undo learning). */
    async xpBetween(userId: string, { from, to }: { from: Date; to: Date }): Promise<number> {
      const [row] = await db
        .select({ xp: sql<number>`coalesce(sum(${userXp.xp}), 0)::int` })
        .from(userXp)
        .where(
          and(
            eq(userXp.userId, userId),
            eq(userXp.kind, 'award'),
            gte(userXp.createdAt, from),
            lt(userXp.createdAt, to),
          ),
        );
      return row?.xp ?? 0;
    },
  };
}

/** The courses a goal can be about. */
function createGoalCourseChoices(db: Db) {
  return {
    /** Published courses a goal can be about, with the learner's percent in each. */
    async courseOptions(userId: string) {
      const rows = await db
        .select({ id: courses.id, title: courses.title, percent: courseProgress.percent })
        .from(courses)
        .leftJoin(courseProgress, and(eq(courseProgress.courseId, courses.id), eq(courseProgress.userId, userId)))
        .where(eq(courses.status, 'published'))
        .orderBy(asc(courses.title));
      return rows.map((row) => ({ id: row.id, title: row.title, percent: row.percent ?? 0 }));
    },

    async isPublishedCourse(courseId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: courses.id })
        .from(courses)
        .where(and(eq(courses.id, courseId), eq(courses.status, 'published')));
      return Boolean(row);
    },
  };
}

/** Every read and write is scoped by the learner's id; checklist items are reached only through their goal. */
export function createGoalsRepository({ db }: { db: Db }) {
  return {
    ...createGoalReads(db),
    ...createGoalWrites(db),
    ...createChecklistWrites(),
    ...createGoalFacts(db),
    ...createGoalCourseChoices(db),
  };
}
export type GoalsRepository = ReturnType<typeof createGoalsRepository>;
