import { GOAL_KINDS, GOAL_STATUSES } from '@portal/shared/goals';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';
import { courses } from '../courses/courses.table.ts';

/** A learner's goal; its progress is computed from activity when read, never stored. */
export const goals = pgTable(
  'goals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: GOAL_KINDS }).notNull(),
    title: text('title').notNull(),
    description: text('description'),
    status: text('status', { enum: GOAL_STATUSES }).notNull().default('active'),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    targetMinutes: integer('target_minutes'),
    targetXp: integer('target_xp'),
    dueDate: date('due_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Set the first time the goal completes: goal.completed happens only then. */
    firstCompletedAt: timestamp('first_completed_at', { withTimezone: true }),
  },
  (table) => [
    check(
      'goals_kind_check',
      sql`${table.kind} in ('course_by_date', 'study_minutes_weekly', 'xp_weekly', 'checklist')`,
    ),
    check('goals_status_check', sql`${table.status} in ('active', 'paused', 'completed')`),
    check(
      'goals_course_by_date_check',
      sql`${table.kind} <> 'course_by_date' or (${table.courseId} is not null and ${table.dueDate} is not null)`,
    ),
    check('goals_weekly_minutes_check', sql`${table.kind} <> 'study_minutes_weekly' or ${table.targetMinutes} > 0`),
    check('goals_weekly_xp_check', sql`${table.kind} <> 'xp_weekly' or ${table.targetXp} > 0`),
    index('goals_user_status_idx').on(table.userId, table.status),
  ],
);

/** The items of a checklist goal, in order; an item is ticked when `done_at` is set. */
export const goalChecklistItems = pgTable(
  'goal_checklist_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    goalId: uuid('goal_id')
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('goal_checklist_items_goal_idx').on(table.goalId, table.position)],
);
