import type { IssuedItem } from '@portal/shared/game-rounds';
import { GAME_DIFFICULTIES, GAMES } from '@portal/shared/games';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';

/** A round the server issued: its items with their answers stay here; the learner gets only the prompts. */
export const gameRounds = pgTable(
  'game_rounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    game: text('game', { enum: GAMES }).notNull(),
    difficulty: text('difficulty', { enum: GAME_DIFFICULTIES }).notNull(),
    timed: boolean('timed').notNull(),
    items: jsonb('items').$type<IssuedItem[]>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    score: integer('score'),
    elapsedMs: integer('elapsed_ms'),
  },
  (table) => [
    check('game_rounds_game_check', sql`${table.game} in ('match', 'sprint', 'recall')`),
    check('game_rounds_difficulty_check', sql`${table.difficulty} in ('easy', 'medium', 'hard')`),
    check('game_rounds_expiry_check', sql`${table.expiresAt} > ${table.issuedAt}`),
    index('game_rounds_user_issued_idx').on(table.userId, table.issuedAt),
  ],
);

/** A learner's best finished round per game, difficulty and mode (timed or untimed practice). */
export const gameBests = pgTable(
  'game_bests',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    game: text('game', { enum: GAMES }).notNull(),
    difficulty: text('difficulty', { enum: GAME_DIFFICULTIES }).notNull(),
    timed: boolean('timed').notNull(),
    score: integer('score').notNull(),
    elapsedMs: integer('elapsed_ms').notNull(),
    roundId: uuid('round_id').notNull(),
    achievedAt: timestamp('achieved_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.game, table.difficulty, table.timed] })],
);
