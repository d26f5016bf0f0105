import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';
import { courses } from '../courses/courses.table.ts';

/** A weekly or biweekly series; its occurrences are materialized as live_sessions rows. */
export const liveSeries = pgTable(
  'live_series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hostId: text('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recurrence: text('recurrence', { enum: ['weekly', 'biweekly'] }).notNull(),
    until: date('until', { mode: 'string' }),
    count: integer('count'),
    /** Local dates (YYYY-MM-DD, in the series' time zone) on which no occurrence takes place. */
    exceptions: text('exceptions').array().notNull().default(sql`'{}'::text[]`),
    timeZone: text('time_zone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('live_series_recurrence_check', sql`${table.recurrence} in ('weekly', 'biweekly')`),
    index('live_series_host_idx').on(table.hostId),
  ],
);

/** One occurrence of a live session (a single event or one date of a series). */
export const liveSessions = pgTable(
  'live_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seriesId: uuid('series_id').references(() => liveSeries.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['class', 'study_group'] }).notNull(),
    hostId: text('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    timeZone: text('time_zone').notNull(),
    capacity: integer('capacity'),
    meetingUrl: text('meeting_url'),
    audience: text('audience', { enum: ['everyone', 'course', 'shared_plan', 'invited'] }).notNull(),
    status: text('status', { enum: ['scheduled', 'cancelled'] })
      .notNull()
      .default('scheduled'),
    recordingUrl: text('recording_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('live_sessions_kind_check', sql`${table.kind} in ('class', 'study_group')`),
    check('live_sessions_audience_check', sql`${table.audience} in ('everyone', 'course', 'shared_plan', 'invited')`),
    check('live_sessions_status_check', sql`${table.status} in ('scheduled', 'cancelled')`),
    check('live_sessions_duration_check', sql`${table.durationMinutes} > 0`),
    check('live_sessions_capacity_check', sql`${table.capacity} is null or ${table.capacity} > 0`),
    index('live_sessions_starts_idx').on(table.startsAt),
    index('live_sessions_host_idx').on(table.hostId),
    index('live_sessions_series_idx').on(table.seriesId),
    index('live_sessions_course_idx').on(table.courseId),
  ],
);

/** The session and the user a row belongs to; both go with the row when they are deleted. */
const sessionAndUser = () => ({
  sessionId: uuid('session_id')
    .notNull()
    .references(() => liveSessions.id, { onDelete: 'cascade' }),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
});

/** Learners invited to a session whose audience is 'invited'. */
export const liveInvites = pgTable(
  'live_invites',
  {
    ...sessionAndUser(),
  },
  (table) => [
    primaryKey({ columns: [table.sessionId, table.userId] }),
    index('live_invites_user_idx').on(table.userId),
  ],
);

/** A user's answer to one occurrence; a 'going' answer beyond capacity waits on the waitlist. */
export const liveRsvps = pgTable(
  'live_rsvps',
  {
    ...sessionAndUser(),
    response: text('response', { enum: ['going', 'maybe', 'not_going'] }).notNull(),
    waitlisted: boolean('waitlisted').notNull().default(false),
    respondedAt: timestamp('responded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.sessionId, table.userId] }),
    check('live_rsvps_response_check', sql`${table.response} in ('going', 'maybe', 'not_going')`),
    index('live_rsvps_user_idx').on(table.userId),
  ],
);

/**
 * One row per reminder sent, inserted before sending so that several app instances send it once.
 * The start time is part of the key: rescheduling an occurrence arms its reminders again.
 */
export const liveRemindersSent = pgTable(
  'live_reminders_sent',
  {
    ...sessionAndUser(),
    kind: text('kind', { enum: ['24h', '15m'] }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.sessionId, table.userId, table.kind, table.startsAt] }),
    index('live_reminders_sent_user_idx').on(table.userId),
  ],
);
