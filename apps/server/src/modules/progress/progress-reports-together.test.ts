import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { testTargets } from '../../testing/test-app.ts';
import { createActivityRepository } from '../activity/activity.repository.ts';
import { learningTimeTotals } from '../activity/activity.table.ts';
import { createPerson, type Person } from '../courses/courses.testing.ts';
import { createProgressRepository } from './progress.repository.ts';
import { courseProgress, lessonProgress, moduleCompletions } from './progress.table.ts';
import { type ProgressSuite, startProgressSuite } from './progress.testing.ts';

/**
 * Reports of many learners arriving at once are saved together, several in one statement (`write-batches.ts`). Each
 * learner's report must still be stored as if it had been sent alone: their own row, course standing and learning
 * time, and their own answer.
 */
describe.each(testTargets())('many learners’ reports at once on $name', (target) => {
  let close: () => Promise<void>;
  let app: App;
  let database: Database;
  let post: ProgressSuite['post'];
  let get: ProgressSuite['get'];
  let publishJourneyCourse: ProgressSuite['publishJourneyCourse'];
  let learners: Person[];

  beforeAll(async () => {
    ({ close, app, database, get, post, publishJourneyCourse } = await startProgressSuite(target));
    learners = await Promise.all(
      Array.from({ length: 8 }, () => createPerson(app, database.db, { role: 'learner', tier: 'me' })),
    );
  });
  afterAll(async () => {
    await close();
  });

  /** Half the learners read the text lesson, the others the PDF (pages 1 and 2 of 3, so neither finishes it). */
  const startReading = async (title: string) => {
    const { course, first, text, pdf } = await publishJourneyCourse(title);
    const readers = learners.map((person, index) => {
      const onPdf = index % 2 === 1;
      return {
        person,
        index,
        courseId: course.id,
        lessonId: onPdf ? pdf.id : text.id,
        body: onPdf ? { kind: 'pdf', page: 1 + (index % 4 === 1 ? 0 : 1) } : { kind: 'text' },
      };
    });
    await database.db
      .insert(moduleCompletions)
      .values(learners.map((person) => ({ userId: person.userId, moduleId: first.id, courseId: course.id })));
    for (const reader of readers) {
      expect((await get(reader.person, `/api/lessons/${reader.lessonId}`)).statusCode).toBe(200);
    }
    return { course, readers };
  };

  /** Moves each reader's last activity `seconds(index)` into the past without this instance taking part. */
  const activityAgo = (
    readers: { person: Person; lessonId: string; index: number }[],
    seconds: (i: number) => number,
  ) =>
    Promise.all(
      readers.map((reader) =>
        database.db
          .update(lessonProgress)
          .set({ lastActivityAt: sql`now() - make_interval(secs => ${seconds(reader.index)})` })
          .where(and(eq(lessonProgress.userId, reader.person.userId), eq(lessonProgress.lessonId, reader.lessonId))),
      ),
    );

  const rowsOf = (readers: { person: Person; lessonId: string }[]) =>
    Promise.all(
      readers.map(
        async (reader) =>
          (
            await database.db
              .select({
                timeSpentSeconds: lessonProgress.timeSpentSeconds,
                position: lessonProgress.position,
                version: sql<string>`${lessonProgress}.xmin::text`.as('version'),
              })
              .from(lessonProgress)
              .where(and(eq(lessonProgress.userId, reader.person.userId), eq(lessonProgress.lessonId, reader.lessonId)))
          )[0],
      ),
    );

  const ledgerOf = (person: Person) =>
    createActivityRepository({ db: database.db }).secondsBetween(person.userId, {
      from: new Date(Date.now() - 86_400_000),
      to: new Date(Date.now() + 3_600_000),
      sources: ['lesson'],
    });

  const totalsOf = async () =>
    new Map(
      (
        await database.db
          .select()
          .from(learningTimeTotals)
          .where(
            inArray(
              learningTimeTotals.userId,
              learners.map((person) => person.userId),
            ),
          )
      ).map((row) => [row.userId, row.seconds]),
    );

  it('each learner’s report is stored and answered as their own, a burst sharing statements', async () => {
    const { course, readers } = await startReading('Read by a whole class at once');
    const sendAll = () =>
      Promise.all(
        readers.map((reader) => post(reader.person, `/api/lessons/${reader.lessonId}/progress`, reader.body)),
      );

    // Rows changed elsewhere since this instance read them: every report of the burst takes the locked way.
    await activityAgo(readers, (index) => 10 + index);
    const first = await sendAll();
    // Read afresh now, each report goes ahead against its row as read, several in one statement.
    await activityAgo(readers, (index) => 30 + index);
    const totalsBefore = await totalsOf();
    const second = await sendAll();

    for (const [at, reader] of readers.entries()) {
      const answers = [first[at], second[at]].map((response) => {
        expect(response?.statusCode).toBe(200);
        return response?.json();
      });
      const gained = (answers[1].progress.time_spent_seconds as number) - answers[0].progress.time_spent_seconds;
      expect(Math.abs(gained - (30 + reader.index))).toBeLessThanOrEqual(1);
      if (reader.body.kind === 'pdf') expect(answers[1].progress.position).toBe(reader.body.page);
      expect(answers[1].changes).toMatchObject({ lesson_completed_now: false });
      // The hourly ledger and the lifetime total gained what the row gained, for this learner alone.
      expect(await ledgerOf(reader.person)).toBe(answers[1].progress.time_spent_seconds);
      expect((await totalsOf()).get(reader.person.userId)).toBe((totalsBefore.get(reader.person.userId) ?? 0) + gained);
    }
    const rows = await rowsOf(readers);
    expect(rows.map((row) => row?.timeSpentSeconds)).toEqual(
      second.map((response) => response.json().progress.time_spent_seconds),
    );
    const standing = await database.db
      .select({ userId: courseProgress.userId, lastLessonId: courseProgress.lastLessonId })
      .from(courseProgress)
      .where(eq(courseProgress.courseId, course.id));
    for (const reader of readers) {
      expect(standing.find((row) => row.userId === reader.person.userId)?.lastLessonId).toBe(reader.lessonId);
    }
  });

  it('a report the database refuses fails alone: the others sent with it are stored', async () => {
    const { readers } = await startReading('Read while one report is refused');
    const sendAll = () =>
      Promise.all(
        readers.map((reader) => post(reader.person, `/api/lessons/${reader.lessonId}/progress`, reader.body)),
      );
    // Changed elsewhere, so this burst takes the locked way and the next reads the rows afresh.
    await activityAgo(readers, () => 5);
    expect((await sendAll()).map((response) => response.statusCode)).toEqual(readers.map(() => 200));
    await activityAgo(readers, () => 20);
    const before = await rowsOf(readers);
    // The database refuses page 1 of the PDF from now on, as it would a report that breaks a rule of its own.
    await database.db.execute(
      sql`alter table lesson_progress add constraint test_refuses_page_one check (position is distinct from 1) not valid`,
    );
    try {
      const answers = await sendAll();
      const after = await rowsOf(readers);
      for (const [at, reader] of readers.entries()) {
        const refused = reader.body.kind === 'pdf' && reader.body.page === 1;
        expect(answers[at]?.statusCode).toBe(refused ? 500 : 200);
        if (refused) expect(after[at]).toEqual(before[at]);
        else expect(after[at]?.timeSpentSeconds).toBeGreaterThanOrEqual((before[at]?.timeSpentSeconds ?? 0) + 19);
      }
    } finally {
      await database.db.execute(sql`alter table lesson_progress drop constraint test_refuses_page_one`);
    }
  });

  it('one statement saves several learners’ reports, each against its own version', async () => {
    const { readers } = await startReading('Saved in one statement');
    const texts = readers.filter((reader) => reader.body.kind === 'text').slice(0, 3);
    await activityAgo(texts, (index) => 40 + index);
    const before = await rowsOf(texts);
    const totalsBefore = await totalsOf();
    const repository = createProgressRepository({ db: database.db });
    const activity = createActivityRepository({ db: database.db });
    const answers = await repository.saveReportsAtOnce(
      texts.map((reader, at) => ({
        key: { userId: reader.person.userId, lessonId: reader.lessonId, courseId: reader.courseId },
        // The second learner's row changed since it was read.
        before: { version: at === 1 ? '1' : (before[at]?.version ?? ''), timeSpentSeconds: 0 },
        values: { reported: true },
      })),
      (gained) => activity.timeEndingNowForManySteps('lesson', gained),
    );
    const after = await rowsOf(texts);
    expect(answers[1]).toBeUndefined();
    expect(after[1]).toEqual(before[1]);
    expect(after[0]?.version).toBe(after[2]?.version);
    for (const at of [0, 2]) {
      const reader = texts[at] as (typeof texts)[number];
      expect(answers[at]?.progress).toMatchObject({ userId: reader.person.userId, lessonId: reader.lessonId });
      expect(answers[at]?.version).toBe(after[at]?.version);
      expect(answers[at]?.summary.last_lesson_id).toBe(reader.lessonId);
      expect(Math.abs((after[at]?.timeSpentSeconds ?? 0) - (40 + reader.index))).toBeLessThanOrEqual(1);
      expect((await totalsOf()).get(reader.person.userId)).toBe(
        (totalsBefore.get(reader.person.userId) ?? 0) + (after[at]?.timeSpentSeconds ?? 0),
      );
    }
  });
});
