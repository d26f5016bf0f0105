import { STUDY_MODES } from '@portal/shared/study';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';

/** A study session; the server's clock decides its active and focused time. */
export const studySessions = pgTable(
  'study_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: STUDY_MODES }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Set while paused. */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** Seconds spent in pauses that already ended. */
    pausedSeconds: integer('paused_seconds').notNull().default(0),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Final values, set when the session ends. */
    activeSeconds: integer('active_seconds'),
    focusedSeconds: integer('focused_seconds'),
    endReason: text('end_reason', { enum: ['stopped', 'finished', 'abandoned'] }),
  },
  (table) => [
    check('study_sessions_mode_check', sql`${table.mode} in ('focus', 'review', 'practice')`),
    check('study_sessions_end_reason_check', sql`${table.endReason} in ('stopped', 'finished', 'abandoned')`),
    check('study_sessions_paused_seconds_check', sql`${table.pausedSeconds} >= 0`),
    check(
      'study_sessions_ended_check',
      sql`${table.endedAt} is null or (${table.endedAt} >= ${table.startedAt} and ${table.pausedAt} is null
        and ${table.activeSeconds} is not null and ${table.focusedSeconds} is not null)`,
    ),
    // Focused time is part of active time, which is never more than the wall time the session lasted.
    check(
      'study_sessions_time_check',
      sql`${table.focusedSeconds} is null or (${table.focusedSeconds} >= 0 and ${table.focusedSeconds} <= ${table.activeSeconds}
        and ${table.activeSeconds} <= ceil(extract(epoch from ${table.endedAt} - ${table.startedAt})))`,
    ),
    // At most one open session per learner.
    uniqueIndex('study_sessions_open_idx').on(table.userId).where(sql`${table.endedAt} is null`),
    index('study_sessions_user_started_idx').on(table.userId, table.startedAt),
  ],
);
