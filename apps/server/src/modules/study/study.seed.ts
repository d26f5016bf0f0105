import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { registerActivity } from '../activity/activity.module.ts';
import { studySessions } from './study.table.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A few finished sessions of the demo learner over the last days, logged as study time. Runs once per learner. */
export async function seedDemoStudySessions({ db, learnerId }: { db: Db; learnerId: string }) {
  const [existing] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(studySessions)
    .where(eq(studySessions.userId, learnerId));
  if ((existing?.count ?? 0) > 0) return;
  const activity = registerActivity({ db });
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  // Days ago, mode, active minutes, focused minutes (two full Pomodoro rounds = 60 active, 50 focused).
  const sessions = [
    { daysAgo: 1, mode: 'focus', active: 60, focused: 50 },
    { daysAgo: 2, mode: 'practice', active: 12, focused: 12 },
    { daysAgo: 3, mode: 'focus', active: 30, focused: 25 },
  ] as const;
  await db.transaction(async (tx) => {
    for (const session of sessions) {
      const startedAt = new Date(today.getTime() - session.daysAgo * DAY_MS + 17 * 60 * MINUTE_MS);
      const endedAt = new Date(startedAt.getTime() + session.active * MINUTE_MS);
      await tx.insert(studySessions).values({
        userId: learnerId,
        mode: session.mode,
        startedAt,
        endedAt,
        activeSeconds: session.active * 60,
        focusedSeconds: session.focused * 60,
        endReason: 'stopped',
      });
      await activity.addTime({ userId: learnerId, endedAt, seconds: session.focused * 60, source: 'study' }, tx);
    }
  });
}
