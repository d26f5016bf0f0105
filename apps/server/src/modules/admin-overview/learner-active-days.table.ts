import { date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';

/**
 * The UTC days on which a user showed a sign of learning: learning time, an XP award, a session started or refreshed,
 * a lesson or SCORM attempt touched. Triggers on those tables (learning_time_hourly, user_xp, sessions,
 * lesson_progress, scorm_attempts) add the day of each written row with `on conflict do nothing`, so whatever code
 * path records activity, the day is noted once; the admin home counts active learners from here instead of scanning
 * every source. The 0022_learner_active_days migration adds the triggers, the backfill from those sources and the
 * range indexes the other admin home figures need (lesson_progress, course_progress, scorm_attempts, mail_outbox).
 */
export const learnerActiveDays = pgTable(
  'learner_active_days',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.day] }),
    index('learner_active_days_day_user_idx').on(table.day, table.userId),
  ],
);

/**
 * Per UTC day, kept by triggers on learner_active_days (0024_learner_activity_by_day) so the admin home reads a few
 * rows instead of counting distinct users: how many users were active that day, and how many have it as their latest
 * active day (summing the latter from a day onwards gives everyone active since then). Staff are included here and
 * subtracted when read. For past days, the distinct learners of the 7 and 30 days ending that day (staff excluded)
 * are filled in when first asked for and cleared when activity is recorded on or before that day afterwards.
 */
export const learnerActivityByDay = pgTable('learner_activity_by_day', {
  day: date('day', { mode: 'string' }).primaryKey(),
  learners: integer('learners').notNull().default(0),
  lastActive: integer('last_active').notNull().default(0),
  learners7d: integer('learners_7d'),
  learners30d: integer('learners_30d'),
});
