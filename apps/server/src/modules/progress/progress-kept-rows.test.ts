import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { testTargets } from '../../testing/test-app.ts';
import type { Person } from '../courses/courses.testing.ts';
import { lessonProgress, moduleCompletions } from './progress.table.ts';
import { type ProgressSuite, startProgressSuite } from './progress.testing.ts';

/**
 * This instance keeps a learner's rows of a course between their requests (`progress-kept-rows.ts`). Here the rows
 * change behind its back, as another instance or another tab would change them, and the learner's next report must
 * still see the database as it is.
 */
describe.each(testTargets())('a learner’s rows kept for their reports on $name', (target) => {
  let close: () => Promise<void>;
  let database: Database;
  let other: Person;
  let get: ProgressSuite['get'];
  let post: ProgressSuite['post'];
  let outline: ProgressSuite['outline'];
  let publishJourneyCourse: ProgressSuite['publishJourneyCourse'];

  beforeAll(async () => {
    ({ close, database, other, get, post, outline, publishJourneyCourse } = await startProgressSuite(target));
  });
  afterAll(async () => {
    await close();
  });

  const rowOf = async (lessonId: string) =>
    (
      await database.db
        .select()
        .from(lessonProgress)
        .where(and(eq(lessonProgress.userId, other.userId), eq(lessonProgress.lessonId, lessonId)))
    )[0];
  /** Changes the learner's row without this instance taking part, as another instance would. */
  const elsewhere = (lessonId: string, values: PgUpdateSetSource<typeof lessonProgress>) =>
    database.db
      .update(lessonProgress)
      .set(values)
      .where(and(eq(lessonProgress.userId, other.userId), eq(lessonProgress.lessonId, lessonId)));

  /** Records the course's first module complete for the learner, as another instance would, so the second opens. */
  const completeElsewhere = (courseId: string, moduleId: string) =>
    database.db.insert(moduleCompletions).values({ userId: other.userId, moduleId, courseId }).onConflictDoNothing();

  it('a page read elsewhere is not taken back by a report sent with older rows kept here', async () => {
    const { course, first, pdf } = await publishJourneyCourse('Handout read in two places');
    await completeElsewhere(course.id, first.id);
    expect((await get(other, `/api/lessons/${pdf.id}`)).statusCode).toBe(200);
    expect((await post(other, `/api/lessons/${pdf.id}/progress`, { kind: 'pdf', page: 1 })).statusCode).toBe(200);

    // Another instance saves page 2 of 3.
    await elsewhere(pdf.id, { maxPage: 2, position: 2 });
    const report = await post(other, `/api/lessons/${pdf.id}/progress`, { kind: 'pdf', page: 1 });
    expect(report.statusCode).toBe(200);
    expect(report.json().progress).toMatchObject({ percent: 66, position: 1 });
    expect(await rowOf(pdf.id)).toMatchObject({ maxPage: 2, position: 1 });

    // The next report goes on from what the database holds now.
    const next = await post(other, `/api/lessons/${pdf.id}/progress`, { kind: 'pdf', page: 3 });
    expect(next.json().progress).toMatchObject({ status: 'completed', percent: 100, position: 3 });
    expect(await rowOf(pdf.id)).toMatchObject({ maxPage: 3, position: 3 });
  });

  it('time another tab saved is kept and not counted twice', async () => {
    const { text } = await publishJourneyCourse('Reading in two tabs');
    await get(other, `/api/lessons/${text.id}`);
    expect((await post(other, `/api/lessons/${text.id}/progress`, { kind: 'text' })).statusCode).toBe(200);
    const before = (await rowOf(text.id))?.timeSpentSeconds ?? 0;

    // Another tab, through another instance, saved 100 s and its activity 30 s ago.
    await elsewhere(text.id, {
      timeSpentSeconds: before + 100,
      lastActivityAt: sql`now() - make_interval(secs => 30)`,
    });
    const report = (await post(other, `/api/lessons/${text.id}/progress`, { kind: 'text' })).json();
    expect(report.progress.time_spent_seconds).toBeGreaterThanOrEqual(before + 130);
    expect(report.progress.time_spent_seconds).toBeLessThan(before + 140);
    expect((await rowOf(text.id))?.timeSpentSeconds).toBe(report.progress.time_spent_seconds);
  });

  it('a module completed elsewhere opens its next module to the learner’s report at once', async () => {
    const { course, first, text, pdf } = await publishJourneyCourse('Unlocked in another place');
    // Kept here while the second module is still locked.
    await get(other, `/api/lessons/${text.id}`);
    const refused = await post(other, `/api/lessons/${pdf.id}/progress`, { kind: 'pdf', page: 1 });
    expect(refused.json().error.code).toBe('lesson_locked');
    expect(await rowOf(pdf.id)).toBeUndefined();

    await completeElsewhere(course.id, first.id);
    const report = await post(other, `/api/lessons/${pdf.id}/progress`, { kind: 'pdf', page: 2 });
    expect(report.statusCode).toBe(200);
    expect(await rowOf(pdf.id)).toMatchObject({ maxPage: 2 });
    expect((await outline(other, course.id)).modules.map((module) => module.locked)).toEqual([false, false]);
  });
});
