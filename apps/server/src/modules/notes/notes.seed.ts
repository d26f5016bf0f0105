import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courses, lessons } from '../../db/schema.ts';
import { notes } from './notes.table.ts';

/** The demo learner's notes: a Markdown note on a text lesson, one pinned in the video and one on a PDF page. */
const DEMO_NOTES = [
  {
    lessonTitle: 'Why we forget',
    format: 'markdown',
    body: 'The **forgetting curve** drops fastest in the first day.\n\n- Review within 24 hours\n- Then after 3 days, then a week',
  },
  {
    lessonTitle: 'Retrieval practice',
    format: 'markdown',
    body: 'Close the book and *write down what I remember* before re-reading. Harder feels better here.',
  },
  {
    lessonTitle: 'Spacing your practice',
    format: 'plain',
    body: 'Short sessions spread over the week beat one long session.',
    pinVideo: true,
  },
  {
    lessonTitle: 'Your data privacy rights (checklist)',
    format: 'plain',
    body: 'Right of access: a copy of my data within one month.',
    pinPage: 1,
  },
] as const;

/** Runs once per learner (while they have no notes); lessons that are missing are skipped. */
export async function seedDemoNotes({ db, learnerId }: { db: Db; learnerId: string }) {
  const [existing] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notes)
    .where(eq(notes.userId, learnerId));
  if ((existing?.count ?? 0) > 0) return;
  const found = await db
    .select({ id: lessons.id, title: lessons.title, courseId: lessons.courseId, duration: lessons.durationSeconds })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(
      and(
        eq(courses.status, 'published'),
        inArray(
          lessons.title,
          DEMO_NOTES.map((note) => note.lessonTitle),
        ),
      ),
    );
  const rows = DEMO_NOTES.flatMap((note, index) => {
    const lesson = found.find((candidate) => candidate.title === note.lessonTitle);
    if (!lesson) return [];
    const seconds = 'pinVideo' in note ? Math.floor((lesson.duration ?? 0) / 2) : null;
    const page = 'pinPage' in note ? note.pinPage : null;
    const at = new Date(Date.now() - (DEMO_NOTES.length - index) * 86_400_000);
    return [
      {
        userId: learnerId,
        courseId: lesson.courseId,
        lessonId: lesson.id,
        body: note.body,
        format: note.format,
        positionKind: seconds !== null ? ('video' as const) : page !== null ? ('pdf' as const) : null,
        positionSeconds: seconds,
        positionPage: page,
        createdAt: at,
        updatedAt: at,
      },
    ];
  });
  if (rows.length > 0) await db.insert(notes).values(rows);
}
