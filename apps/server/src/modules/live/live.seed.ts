import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { liveSessions } from './live.table.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

type DemoHost = { hostId: string; courseId: string | null };

/** The start of the hour after the given number of days from now, on the full hour. */
function hourAfter(now: number, days: number): Date {
  const start = new Date(now + days * DAY_MS);
  start.setUTCMinutes(0, 0, 0);
  return new Date(start.getTime() + 60 * MINUTE_MS);
}

function demoSessionRows({ hostId, courseId }: DemoHost, now: number): (typeof liveSessions.$inferInsert)[] {
  const base = { kind: 'class' as const, hostId, timeZone: 'Europe/Berlin', audience: 'everyone' as const };
  return [
    {
      ...base,
      title: 'Open office hour',
      description: 'Bring your questions about any course; we go through them together.',
      startsAt: new Date(now - 5 * MINUTE_MS),
      durationMinutes: 60,
    },
    {
      ...base,
      title: 'Conversation practice',
      description: 'Speak in small groups about everyday topics.',
      courseId,
      audience: courseId ? 'course' : 'everyone',
      startsAt: hourAfter(now, 1),
      durationMinutes: 45,
      capacity: 12,
    },
    {
      ...base,
      title: 'Exam preparation',
      description: 'Typical questions and how to approach them.',
      startsAt: hourAfter(now, 3),
      durationMinutes: 90,
      capacity: 30,
      meetingUrl: 'https://meet.example.com/exam-preparation',
    },
    ...[7, 14, 21].map((days) => ({
      ...base,
      title: 'Weekly grammar clinic',
      description: 'One grammar topic a week, with exercises.',
      startsAt: hourAfter(now, days),
      durationMinutes: 60,
    })),
  ];
}

/**
 * A few live classes of the demo instructor: one live now (it started five minutes ago), two upcoming ones and a
 * weekly series. Runs once per instructor.
 */
export async function seedDemoLiveSessions({ db, hostId, courseId }: { db: Db } & DemoHost) {
  const [existing] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(liveSessions)
    .where(eq(liveSessions.hostId, hostId));
  if ((existing?.count ?? 0) > 0) return;
  await db.insert(liveSessions).values(demoSessionRows({ hostId, courseId }, Date.now()));
}
