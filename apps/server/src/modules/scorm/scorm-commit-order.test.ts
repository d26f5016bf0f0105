import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ScormAnalytics, ScormAttemptStart, ScormEnrollment, ScormPlayerSession } from '@portal/shared/scorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { createScormPerson, type ScormPerson, scorm12Manifest, scormTestClient, writeZip } from './scorm.testing.ts';

const TWO_LESSONS_12 = scorm12Manifest(`
  <organizations default="org"><organization identifier="org"><title>Two lessons</title>
    <item identifier="one" identifierref="r1"><title>One</title></item>
    <item identifier="two" identifierref="r2"><title>Two</title></item>
  </organization></organizations>
  <resources>
    <resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="one.html"/>
    <resource identifier="r2" type="webcontent" adlcp:scormtype="sco" href="two.html"/>
  </resources>`);

/** A page that loads a library from a public CDN, as commercial packages do. */
const CDN_PAGE = `<html><head>
<script src="https://cdn.jsdelivr.net/npm/jquery@3.7.1/dist/jquery.min.js"></script>
<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter">
</head><body>one</body></html>`;

/** A Content-Security-Policy header as its directives and their sources. */
const directives = (header: unknown): Record<string, string[]> =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources]),
  );

const lessonCmi = (status: string, location: string) => ({
  core: { lesson_status: status, lesson_location: location, exit: 'suspend', session_time: '00:00:10' },
});

describe.each(testTargets())('SCORM commit order and content policy on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;
  let dataDir: string;
  let instructor: ScormPerson;
  let learner: ScormPerson;
  let packageId: string;
  let enrollmentId: string;
  let call: ReturnType<typeof scormTestClient>['call'];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), `portal-scorm-order-${target.name}-`));
    const started = await startTestApp(target, { dataDir });
    app = started.app;
    close = started.close;
    [instructor, learner] = await Promise.all([
      createScormPerson(app, started.database.db, 'instructor'),
      createScormPerson(app, started.database.db, 'learner'),
    ]);
    const zip = await writeZip(path.join(dataDir, 'two.zip'), [
      { name: 'imsmanifest.xml', content: TWO_LESSONS_12 },
      { name: 'one.html', content: CDN_PAGE },
      { name: 'two.html', content: '<html><body>two</body></html>' },
    ]);
    const client = scormTestClient(app);
    call = client.call;
    packageId = await client.uploadAndProcess(instructor, zip);
    const enrolled = await call<{ enrollments: ScormEnrollment[] }>(
      instructor,
      'POST',
      `/api/scorm/packages/${packageId}/enrollments`,
      { learner_ids: [learner.id] },
    );
    enrollmentId = enrolled.body.enrollments[0]?.id ?? '';
  });
  afterAll(async () => {
    await close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a late autosave of a SCO the learner has left is refused as stale and leaves the completed lesson completed', async () => {
    const session = await call<ScormPlayerSession>(learner, 'GET', `/api/scorm/launch/${enrollmentId}`);
    const [one, two] = session.body.scos;
    if (!one || !two) throw new Error('the package has two SCOs');
    const attempt = (
      await call<ScormAttemptStart>(learner, 'POST', `/api/scorm/launch/${enrollmentId}/scos/${one.id}/attempt`)
    ).body;
    expect(attempt.commit_sequence).toBe(0);
    const commitUrl = `/api/scorm/attempts/${attempt.attempt_id}/commit`;
    const commit = (sequence: number, cmi: object, sco = one.id) =>
      call<{ result: boolean; errorCode: number; stale?: boolean }>(learner, 'POST', commitUrl, {
        sco_id: sco,
        sequence,
        cmi,
      });

    expect((await commit(1, lessonCmi('incomplete', 'page-1'))).status).toBe(200);
    const completed = await commit(5, lessonCmi('completed', 'page-9'));
    expect(completed).toEqual({ status: 200, body: { result: true, errorCode: 0 } });

    // The learner moved on to lesson two; lesson one's autosave #3, queued before, arrives now.
    const late = await commit(3, lessonCmi('incomplete', 'page-4'));
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ result: false, stale: true });
    // A different commit under the stored number is stale too; a retry of the stored one is answered as before.
    expect((await commit(5, lessonCmi('incomplete', 'page-4'))).status).toBe(409);
    expect(await commit(5, lessonCmi('completed', 'page-9'))).toEqual({
      status: 200,
      body: { ...completed.body, repeated: true },
    });
    // A commit naming another SCO than the attempt's is refused.
    expect((await commit(6, lessonCmi('incomplete', 'page-4'), two.id)).status).toBe(404);

    const resumed = await call<ScormAttemptStart>(
      learner,
      'POST',
      `/api/scorm/launch/${enrollmentId}/scos/${one.id}/attempt`,
    );
    expect(resumed.body).toMatchObject({
      attempt_id: attempt.attempt_id,
      commit_sequence: 5,
      cmi: { core: { lesson_status: 'completed', lesson_location: 'page-9' } },
    });
    const analytics = await call<ScormAnalytics>(instructor, 'GET', `/api/scorm/packages/${packageId}/analytics`);
    expect(JSON.stringify(analytics.body)).not.toContain('page-4');

    for (const bad of [
      { sequence: 0 },
      { sequence: 1.5 },
      { sequence: '7' },
      { sco_id: 'one' },
      { sco_id: undefined },
    ]) {
      const refused = await call(learner, 'POST', commitUrl, { sco_id: one.id, sequence: 9, cmi: {}, ...bad });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('an attempt opened again in a second tab takes over once it stores a commit; the first tab is told so', async () => {
    const session = await call<ScormPlayerSession>(learner, 'GET', `/api/scorm/launch/${enrollmentId}`);
    const two = session.body.scos[1];
    if (!two) throw new Error('the package has two SCOs');
    const open = async () =>
      (await call<ScormAttemptStart>(learner, 'POST', `/api/scorm/launch/${enrollmentId}/scos/${two.id}/attempt`)).body;
    const first = await open();
    const commit = (tab: ScormAttemptStart, sequence: number, location: string) =>
      call<{ result: boolean; taken_over?: boolean }>(learner, 'POST', `/api/scorm/attempts/${tab.attempt_id}/commit`, {
        sco_id: two.id,
        sequence,
        launch: tab.launch,
        cmi: lessonCmi('incomplete', location),
      });

    expect((await commit(first, 1, 'page-1')).status).toBe(200);
    expect((await commit(first, 2, 'page-2')).status).toBe(200);
    const second = await open();
    expect(second).toMatchObject({ attempt_id: first.attempt_id, commit_sequence: 2 });
    expect(second.launch).toBeGreaterThan(first.launch);
    // The first tab's commit sent as it closes arrives before the second stored anything: it is kept.
    expect((await commit(first, 3, 'page-3')).status).toBe(200);
    // The second tab numbers from what it opened with; its first commit comes next all the same.
    expect((await commit(second, 3, 'page-7')).status).toBe(200);
    const refused = await commit(first, 4, 'page-4');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ result: false, taken_over: true });
    expect((await commit(second, 4, 'page-8')).status).toBe(200);

    const third = await open();
    expect(third).toMatchObject({
      attempt_id: first.attempt_id,
      commit_sequence: 4,
      entry: 'resume',
      cmi: { core: { lesson_location: 'page-8' } },
    });
    const badLaunch = await call(learner, 'POST', `/api/scorm/attempts/${first.attempt_id}/commit`, {
      sco_id: two.id,
      sequence: 9,
      launch: -1,
      cmi: {},
    });
    expect(badLaunch.status).toBe(400);
  });

  it('package pages may load scripts, styles, fonts and media from any https origin; the app stays strict', async () => {
    const preview = await call<ScormPlayerSession>(instructor, 'GET', `/api/scorm/preview/${packageId}`);
    const token = new URL(preview.body.content.wrapper_url).pathname.split('/').at(-1) ?? '';
    const file = await app.scormContent.inject({ method: 'GET', url: `/scorm/c/${token}/one.html` });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('https://cdn.jsdelivr.net/npm/jquery');
    const policy = directives(file.headers['content-security-policy']);
    for (const directive of ['script-src', 'style-src', 'font-src', 'img-src', 'media-src', 'connect-src']) {
      expect(policy[directive], directive).toContain('https:');
    }
    expect(policy['frame-ancestors']).toEqual(["'self'", 'http://localhost:3000']);
    expect(policy['object-src']).toEqual(["'none'"]);

    // The app's own pages keep their scripts, styles, fonts and connections to themselves.
    const appPolicy = directives(
      (await app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
    );
    expect(appPolicy['script-src']).toEqual(["'self'"]);
    expect(appPolicy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(appPolicy['font-src']).toEqual(["'self'", 'data:']);
    expect(appPolicy['connect-src']).toEqual(["'self'", 'ws:', 'wss:']);
  });
});
