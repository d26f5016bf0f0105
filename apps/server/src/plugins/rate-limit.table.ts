import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Request counts of rate-limited routes, shared by every app instance: one row per route and caller per window. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_hits_expires_idx').on(table.expiresAt)],
);
