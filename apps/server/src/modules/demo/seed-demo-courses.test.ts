import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { signInAs } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { courses, lessons } from '../courses/courses.table.ts';
import { courseProgress, lessonProgress, quizAttempts } from '../progress/progress.table.ts';
import { DEMO_PASSWORD, seedDemoData } from './demo.module.ts';

describe.each(testTargets())('demo courses on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let cookie: string;

  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-demo-courses-'));

  beforeAll(async () => {
    const started = await startTestApp(target, { dataDir });
    app = started.app;
    database = started.database;
    close = started.close;
    await seedDemoData({ app, db: database.db });
    cookie = (await signInAs(app, { email: 'learner@example.com', password: DEMO_PASSWORD })).cookie;
  });
  afterAll(async () => {
    await close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeding again adds no course, lesson or progress', async () => {
    const counts = async () =>
      Promise.all(
        [courses, lessons, courseProgress, lessonProgress, quizAttempts].map((table) => database.db.$count(table)),
      );
    const before = await counts();
    await seedDemoData({ app, db: database.db });
    expect(await counts()).toEqual(before);
    expect(before.slice(0, 3)).toEqual([3, 18, 1]);
  });

  it('the demo learner sees three published courses, one of them needing the universal plan', async () => {
    const catalogue = (await app.inject({ method: 'GET', url: '/api/courses', headers: { cookie } })).json();
    expect(
      catalogue.courses.map((course: { slug: string; accessible: boolean }) => [course.slug, course.accessible]),
    ).toEqual([
      ['introduction-to-data-privacy', true],
      ['study-skills-that-stick', true],
      ['working-with-spreadsheets', false],
    ]);
  });

  it('the demo learner is part-way through one course and resumes at its quiz', async () => {
    const library = (await app.inject({ method: 'GET', url: '/api/courses/library', headers: { cookie } })).json();
    expect(library.counts).toEqual({ enrolled: 1, in_progress: 1, completed: 0 });
    const outline = (
      await app.inject({
        method: 'GET',
        url: '/api/courses/by-slug/study-skills-that-stick/outline',
        headers: { cookie },
      })
    ).json();
    expect(outline.progress).toMatchObject({
      status: 'in_progress',
      lessons_completed: 2,
      lessons_total: 6,
      percent: 33,
    });
    expect(outline.resume).toMatchObject({ lesson_title: 'Check: memory basics', reason: 'last_opened' });
    expect(outline.modules[1].locked).toBe(true);
    const quiz = (
      await app.inject({ method: 'GET', url: `/api/lessons/${outline.resume.lesson_id}`, headers: { cookie } })
    ).json();
    expect(quiz.content).toMatchObject({
      kind: 'quiz',
      attempts: 1,
      best_score: 33,
      last_attempt: { score: 33, passed: false },
    });
  });

  it('the bundled video and PDF are stored, measured and served', async () => {
    const { token } = await signInAs(app, { email: 'admin@example.com', password: DEMO_PASSWORD });
    const headers = { authorization: `Bearer ${token}` };
    const study = (
      await app.inject({ method: 'GET', url: '/api/admin/courses/by-slug/study-skills-that-stick', headers })
    ).json();
    const video = study.modules[1].lessons[0];
    expect(video).toMatchObject({
      kind: 'video',
      ready: true,
      duration_seconds: 24,
      content: { file: { content_type: 'video/webm' } },
    });
    const privacy = (
      await app.inject({ method: 'GET', url: '/api/admin/courses/by-slug/introduction-to-data-privacy', headers })
    ).json();
    const pdf = privacy.modules[1].lessons[0];
    expect(pdf).toMatchObject({ kind: 'pdf', ready: true, page_count: 4 });

    const media = await app.inject({
      method: 'GET',
      url: video.content.url,
      headers: { ...headers, range: 'bytes=0-3' },
    });
    expect(media.statusCode).toBe(206);
    expect(media.headers['content-type']).toBe('video/webm');
    expect([...media.rawPayload]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  });
});
