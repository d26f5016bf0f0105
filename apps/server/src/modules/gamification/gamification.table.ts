import type { GamificationSettings } from '@portal/shared/gamification-settings';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';

/**
 * One row per learner: lifetime XP, XP spent in the shop and what the shop changed. Every award and purchase
 * locks this row first, so a learner's XP changes one at a time; the balance can never go below zero.
 */
export const xpAccounts = pgTable(
  'xp_accounts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    totalXp: integer('total_xp').notNull().default(0),
    spentXp: integer('spent_xp').notNull().default(0),
    doubleXpUntil: timestamp('double_xp_until', { withTimezone: true }),
    leaderboardOptIn: boolean('leaderboard_opt_in').notNull().default(false),
    equippedTheme: text('equipped_theme'),
    equippedFrame: text('equipped_frame'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('xp_accounts_total_check', sql`${table.totalXp} >= 0`),
    check('xp_accounts_balance_check', sql`${table.spentXp} >= 0 and ${table.spentXp} <= ${table.totalXp}`),
  ],
);

/** The XP ledger: one row per award (xp >= 0) and per spend (xp < 0). */
export const userXp = pgTable(
  'user_xp',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['award', 'spend'] }).notNull(),
    /** The XP event for awards, `purchase` for spends. */
    eventType: text('event_type').notNull(),
    subjectId: text('subject_id'),
    /** The same key never changes XP twice for the same learner. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** XP before the multiplier, after the daily cap (used to measure the cap). */
    baseXp: integer('base_xp').notNull(),
    multiplier: doublePrecision('multiplier').notNull().default(1),
    xp: integer('xp').notNull(),
    /** The learner's local date when it happened. */
    localDay: date('local_day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('user_xp_kind_check', sql`${table.kind} in ('award', 'spend')`),
    check('user_xp_sign_check', sql`(${table.kind} = 'award') = (${table.xp} >= 0)`),
    uniqueIndex('user_xp_user_key_idx').on(table.userId, table.idempotencyKey),
    index('user_xp_user_event_day_idx').on(table.userId, table.eventType, table.localDay),
    index('user_xp_user_created_idx').on(table.userId, table.createdAt),
    index('user_xp_created_idx').on(table.createdAt),
  ],
);

export const userBadges = pgTable(
  'user_badges',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    badgeKey: text('badge_key').notNull(),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.badgeKey] })],
);

/**
 * How many awards a learner got per event type (capped ones included: the event still happened), kept by triggers on
 * the ledger as its rows come and go: an award reads its kind's count to move achievements forward, and a learner
 * with years of history would otherwise be counted row by row on each award.
 */
export const xpAwardCounts = pgTable(
  'xp_award_counts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.eventType] })],
);

/** Tiered achievements: the tier reached and the progress measured, per learner. */
export const achievements = pgTable(
  'achievements',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    achievementKey: text('achievement_key').notNull(),
    tier: smallint('tier').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.achievementKey] })],
);

/** A streak per learner and type, counted in the learner's local days. */
export const streaks = pgTable(
  'streaks',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    streakType: text('streak_type', { enum: ['learning', 'login'] }).notNull(),
    currentLength: integer('current_length').notNull().default(0),
    longestLength: integer('longest_length').notNull().default(0),
    lastActiveDay: date('last_active_day', { mode: 'string' }),
    lastCountedDay: date('last_counted_day', { mode: 'string' }),
    freezesHeld: smallint('freezes_held').notNull().default(0),
    freezesUsed: integer('freezes_used').notNull().default(0),
    /** The time zone the days were counted in; a change is noticed on the next activity. */
    timeZone: text('time_zone').notNull().default('UTC'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.streakType] }),
    check('streaks_type_check', sql`${table.streakType} in ('learning', 'login')`),
    check('streaks_freezes_check', sql`${table.freezesHeld} >= 0`),
  ],
);

/** The days a streak freeze covered, for the streak calendar. */
export const streakFreezeDays = pgTable(
  'streak_freeze_days',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    streakType: text('streak_type').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.streakType, table.day] })],
);

export const shopItems = pgTable(
  'shop_items',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['streak_freeze', 'double_xp', 'theme', 'frame'] }).notNull(),
    name: text('name').notNull(),
    cost: integer('cost').notNull(),
    maxHeld: integer('max_held'),
    durationMinutes: integer('duration_minutes'),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [check('shop_items_cost_check', sql`${table.cost} > 0`)],
);

export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => shopItems.id),
    cost: integer('cost').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('purchases_user_key_idx').on(table.userId, table.idempotencyKey),
    index('purchases_user_item_idx').on(table.userId, table.itemId),
  ],
);

/** The admin-tuned numbers (level thresholds, XP rules and caps, badge thresholds, at-risk days): one row. */
export const gamificationSettings = pgTable(
  'gamification_settings',
  {
    id: smallint('id').primaryKey().default(1),
    settings: jsonb('settings').$type<GamificationSettings>().notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('gamification_settings_single_row', sql`${table.id} = 1`)],
);
