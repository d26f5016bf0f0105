import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { userXp } from '../modules/gamification/gamification.table.ts';

/**
 * What awards of `xp` each, capped at `cap` per local day, add up to when they fell on `days` (one entry per award, as
 * the ledger's `local_day` has it). A loop that makes more awards than a day's cap usually stays inside one day and
 * totals exactly the cap; one that runs across the learner's midnight starts the next day's cap afresh, and this says
 * by how much from the days the awards really fell on.
 */
export function cappedDailyTotal(days: readonly string[], { xp, cap }: { xp: number; cap: number }): number {
  const perDay = new Map<string, number>();
  for (const day of days) perDay.set(day, (perDay.get(day) ?? 0) + xp);
  return [...perDay.values()].reduce((sum, earned) => sum + Math.min(earned, cap), 0);
}

/** The ledger's XP and local day of each award of `eventType` the learner has, for `cappedDailyTotal`. */
export function awardsOf(database: Database, userId: string, eventType: string) {
  return database.db
    .select({ xp: userXp.xp, day: userXp.localDay })
    .from(userXp)
    .where(and(eq(userXp.userId, userId), eq(userXp.eventType, eventType)));
}
