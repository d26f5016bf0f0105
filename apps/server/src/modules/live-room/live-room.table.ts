import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';
import { liveSessions } from '../live/live.table.ts';

/** One visit to a live room: entered at joined_at, present while heartbeats arrive, left at left_at. */
export const liveAttendance = pgTable(
  'live_attendance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    leftAt: timestamp('left_at', { withTimezone: true }),
    /** The browser tab holding the person's call during this visit (random per page load). */
    callTab: text('call_tab'),
  },
  (table) => [
    index('live_attendance_session_idx').on(table.sessionId, table.joinedAt),
    index('live_attendance_user_idx').on(table.userId),
    // At most one open visit per person and room.
    uniqueIndex('live_attendance_open_idx').on(table.sessionId, table.userId).where(sql`${table.leftAt} is null`),
  ],
);

/** A person's standing in one room: raised hand and chat mute, kept across visits. */
export const liveRoomParticipants = pgTable(
  'live_room_participants',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    muted: boolean('muted').notNull().default(false),
    handRaisedAt: timestamp('hand_raised_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.sessionId, table.userId] }),
    index('live_room_participants_user_idx').on(table.userId),
  ],
);

/** The shared state of a room: who hosts now (after a hand-over) and the countdown timer. */
export const liveRoomState = pgTable(
  'live_room_state',
  {
    sessionId: uuid('session_id')
      .primaryKey()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    /** Null: the session's own host. */
    hostId: text('host_id').references(() => users.id, { onDelete: 'set null' }),
    timerStatus: text('timer_status', { enum: ['idle', 'running', 'paused'] })
      .notNull()
      .default('idle'),
    timerDurationSeconds: integer('timer_duration_seconds'),
    timerEndsAt: timestamp('timer_ends_at', { withTimezone: true }),
    timerRemainingMs: integer('timer_remaining_ms'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('live_room_state_timer_check', sql`${table.timerStatus} in ('idle', 'running', 'paused')`)],
);

/** Chat of a live room; a message the host deleted stays for the record but is shown to no one. */
export const liveChatMessages = pgTable(
  'live_chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('live_chat_messages_session_idx').on(table.sessionId, table.createdAt),
    index('live_chat_messages_user_idx').on(table.userId, table.createdAt),
  ],
);

/** A poll the host runs in a room; a new poll replaces the shown one. */
export const livePolls = pgTable(
  'live_polls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    question: text('question').notNull(),
    options: text('options').array().notNull(),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    check('live_polls_status_check', sql`${table.status} in ('open', 'closed')`),
    index('live_polls_session_idx').on(table.sessionId, table.createdAt),
  ],
);

/** One vote per person and poll; voting again changes it. */
export const livePollVotes = pgTable(
  'live_poll_votes',
  {
    pollId: uuid('poll_id')
      .notNull()
      .references(() => livePolls.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    option: integer('option').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.pollId, table.userId] }),
    index('live_poll_votes_user_idx').on(table.userId),
  ],
);
