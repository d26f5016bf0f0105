import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { type SignedIn, signUpSubscribed, subscribe } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { authoring, createPerson, makePdf } from '../courses/courses.testing.ts';
import { notes } from '../notes/notes.table.ts';
import { scormEnrollments } from '../scorm/scorm.table.ts';
import { insertReadyScormPackage } from '../scorm/scorm.testing.ts';
import { lessonProgress } from './progress.table.ts';

const SECRET_TITLE = 'Negotiating with the board';

describe.each(testTargets())('premium (universal) courses on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let lessons: { text: string; pdf: string; scorm: string };
  let scoId: string;

  const get = (user: SignedIn, url: string) => app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
  const post = (user: SignedIn, url: string, payload: Record<string, unknown> = {}) =>
    app.inject({ method: 'POST', url, headers: { cookie: user.cookie }, payload });
  const expectPlanRefusal = (response: Awaited<ReturnType<App['inject']>>) => {
    expect(response.statusCode, response.body).toBe(402);
    expect(response.json().error).toMatchObject({ code: 'subscription_required', reasons: ['universal'] });
    expect(response.body).not.toContain(SECRET_TITLE);
  };

  beforeAll(async () => {
    ({ app, database, close } = await startTestApp(target));
    const author = authoring(app, await createPerson(app, database.db, { role: 'admin', tier: 'calm' }));
    const course = await author.createCourse({ title: 'Leadership masterclass', required_tier: 'universal' });
    const module = await author.createModule(course.id, { title: 'Boardroom' });
    const text = await author.createLesson(module.id, {
      title: SECRET_TITLE,
      content: { kind: 'text', markdown: 'Start with the ask.' },
    });
    const pdf = await author.createLesson(module.id, { title: 'Handout', content: { kind: 'pdf' } });
    await author.upload(`/api/admin/lessons/${pdf.id}/pdf`, await makePdf(2), 'application/pdf');
    const ready = await insertReadyScormPackage(database.db);
    scoId = ready.scoId;
    const scorm = await author.createLesson(module.id, {
      title: 'Simulation',
      content: { kind: 'scorm', package_id: ready.packageId },
    });
    await author.publish(course.id);
    lessons = { text: text.id, pdf: pdf.id, scorm: scorm.id };
  });
  afterAll(async () => {
    await close();
  });

  it('its lessons, files and SCORM launch are refused below universal and open at universal', async () => {
    const us = await signUpSubscribed(app, 'us');
    for (const url of [
      `/api/lessons/${lessons.text}`,
      `/api/lessons/${lessons.pdf}/media`,
      `/api/lessons/${lessons.scorm}`,
    ]) {
      expectPlanRefusal(await get(us, url));
    }
    expect(await database.db.$count(scormEnrollments, eq(scormEnrollments.learnerId, us.userId))).toBe(0);

    const universal = await signUpSubscribed(app, 'universal');
    expect((await get(universal, `/api/lessons/${lessons.text}`)).json().lesson.title).toBe(SECRET_TITLE);
    const file = await get(universal, `/api/lessons/${lessons.pdf}/media`);
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'application/pdf']);
    const launchUrl: string = (await get(universal, `/api/lessons/${lessons.scorm}`)).json().content.launch_url;
    const enrollmentId = /^\/scorm\/launch\/([0-9a-f-]{36})\//.exec(launchUrl)?.[1] ?? '';
    expect((await get(universal, `/api/scorm/launch/${enrollmentId}`)).statusCode).toBe(200);
    expect((await post(universal, `/api/scorm/launch/${enrollmentId}/scos/${scoId}/attempt`)).statusCode).toBe(200);

    // After a downgrade the enrolment the course made no longer launches.
    await subscribe(app, universal, 'us');
    expectPlanRefusal(await get(universal, `/api/scorm/launch/${enrollmentId}`));
    expectPlanRefusal(await post(universal, `/api/scorm/launch/${enrollmentId}/scos/${scoId}/attempt`));
  });

  it('a note or progress write on a premium lesson below universal is refused without its title, keeping nothing', async () => {
    const us = await signUpSubscribed(app, 'us');
    expectPlanRefusal(await post(us, '/api/notes', { lesson_id: lessons.text, body: 'What was this lesson?' }));
    expectPlanRefusal(await post(us, `/api/lessons/${lessons.text}/progress`, { kind: 'text' }));
    expect(await database.db.$count(notes, eq(notes.userId, us.userId))).toBe(0);
    expect(await database.db.$count(lessonProgress, eq(lessonProgress.userId, us.userId))).toBe(0);

    const universal = await signUpSubscribed(app, 'universal');
    const note = await post(universal, '/api/notes', { lesson_id: lessons.text, body: 'Lead with the ask.' });
    expect(note.statusCode).toBe(201);
    expect(note.json().note).toMatchObject({ lesson_title: SECRET_TITLE });
  });
});
