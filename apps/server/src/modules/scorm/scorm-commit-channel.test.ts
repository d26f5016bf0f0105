import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { ScormAttemptStart, ScormEnrollment, ScormPlayerSession } from '@portal/shared/scorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { startSiblingApp, startTestApp, testTargets } from '../../testing/test-app.ts';
import { createScormPerson, type ScormPerson, scorm12Manifest, scormTestClient, writeZip } from './scorm.testing.ts';

const ONE_LESSON_12 = scorm12Manifest(`
  <organizations default="org"><organization identifier="org"><title>One lesson</title>
    <item identifier="one" identifierref="r1"><title>One</title></item>
  </organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="one.html"/></resources>`);

describe.each(testTargets())('SCORM commits through the content origin on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;
  let database: Database;
  let dataDir: string;
  let learner: ScormPerson;
  let other: ScormPerson;
  let enrollmentId: string;
  let scoId: string;
  let call: ReturnType<typeof scormTestClient>['call'];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), `portal-scorm-channel-${target.name}-`));
    const started = await startTestApp(target, { dataDir });
    app = started.app;
    close = started.close;
    database = started.database;
    const instructor = await createScormPerson(app, started.database.db, 'instructor');
    [learner, other] = await Promise.all([
      createScormPerson(app, started.database.db, 'learner'),
      createScormPerson(app, started.database.db, 'learner'),
    ]);
    const zip = await writeZip(path.join(dataDir, 'one.zip'), [
      { name: 'imsmanifest.xml', content: ONE_LESSON_12 },
      { name: 'one.html', content: '<html><body>one</body></html>' },
    ]);
    const client = scormTestClient(app);
    call = client.call;
    const packageId = await client.uploadAndProcess(instructor, zip);
    const enrolled = await call<{ enrollments: ScormEnrollment[] }>(
      instructor,
      'POST',
      `/api/scorm/packages/${packageId}/enrollments`,
      { learner_ids: [learner.id, other.id] },
    );
    enrollmentId = enrolled.body.enrollments.find((row) => row.learner.id === learner.id)?.id ?? '';
    const session = await call<ScormPlayerSession>(learner, 'GET', `/api/scorm/launch/${enrollmentId}`);
    scoId = session.body.scos[0]?.id ?? '';
  });
  afterAll(async () => {
    await close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const startAttempt = async () =>
    (await call<ScormAttemptStart>(learner, 'POST', `/api/scorm/launch/${enrollmentId}/scos/${scoId}/attempt`)).body;
  /** Posts to the content server the way the wrapper page does: no cookie, only the URL the player handed over. */
  const postTo = (url: string, body: unknown) =>
    app.scormContent.inject({ method: 'POST', url: new URL(url).pathname, payload: body as object });

  it('stores what the wrapper commits with the token of the attempt it was handed, and the learner resumes it', async () => {
    const attempt = await startAttempt();
    expect(attempt.commit_url).toMatch(/\/scorm\/commit\/[\w-]+\.[\w-]+$/);
    const stored = await postTo(attempt.commit_url ?? '', {
      sco_id: scoId,
      sequence: 1,
      cmi: {
        core: { lesson_status: 'incomplete', lesson_location: 'page-3', exit: 'suspend', session_time: '00:01:00' },
        suspend_data: 'x'.repeat(3000),
      },
    });
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toEqual({ result: true, errorCode: 0 });

    // As the page closes, only what changed travels; the suspend data the server holds is kept.
    const lastCommit = {
      sco_id: scoId,
      sequence: 2,
      cmi: { core: { lesson_status: 'passed', lesson_location: 'page-4', exit: 'suspend', score: { raw: '90' } } },
      unchanged: ['suspend_data'],
      terminate: true,
    };
    const closing = await postTo(attempt.commit_url ?? '', lastCommit);
    expect(closing.statusCode).toBe(200);
    expect(closing.json()).toEqual({ result: true, errorCode: 0 });
    // The page's copy of that last commit, sent again on the next visit, is recognised as stored already.
    const replayed = await postTo(attempt.commit_url ?? '', lastCommit);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toEqual({ result: true, errorCode: 0, repeated: true });
    const resumed = await startAttempt();
    expect(resumed.attempt_id).toBe(attempt.attempt_id);
    expect(resumed.commit_sequence).toBe(2);
    expect(resumed.cmi).toMatchObject({
      core: { lesson_status: 'passed', lesson_location: 'page-4', entry: 'resume' },
      suspend_data: 'x'.repeat(3000),
    });
  });

  it('refuses forged, altered or foreign tokens and bad bodies, storing nothing', async () => {
    const attempt = await startAttempt();
    const url = new URL(attempt.commit_url ?? '');
    const token = url.pathname.split('/').at(-1) ?? '';
    const [payload = '', signature = ''] = token.split('.');
    const body = { sco_id: scoId, sequence: 50, cmi: { core: { lesson_location: 'forged' } } };
    const forgedPayload = Buffer.from(
      JSON.stringify([attempt.attempt_id, other.id, 'Other', 'learner', 9_999_999_999]),
    ).toString('base64url');
    for (const bad of [`${forgedPayload}.${signature}`, `${payload}.${signature.slice(1)}x`, 'not-a-token', '']) {
      const refused = await app.scormContent.inject({ method: 'POST', url: `/scorm/commit/${bad}`, payload: body });
      expect(refused.statusCode, bad).toBe(404);
    }
    const invalid = await postTo(url.toString(), { sco_id: scoId, sequence: 'x', cmi: {} });
    expect(invalid.statusCode).toBe(400);
    const refusedValue = await postTo(url.toString(), {
      sco_id: scoId,
      sequence: 60,
      cmi: { core: { score: { raw: '900' } } },
    });
    expect(refusedValue.statusCode).toBe(422);
    const again = await startAttempt();
    const core = (again.cmi as { core?: { lesson_location?: string; score?: { raw?: string } } }).core;
    expect(core?.lesson_location).not.toBe('forged');
    expect(core?.score?.raw).not.toBe('900');
  });

  it('takes the API calls the runtime refused to the server log, one line per commit with counts', async () => {
    const logged: string[] = [];
    const sibling = await startSiblingApp(
      database,
      { dataDir },
      { level: 'warn', stream: { write: (line: string) => logged.push(line) } },
    );
    try {
      const attempt = await startAttempt();
      const commitPath = new URL(attempt.commit_url ?? '').pathname;
      const apiErrors = [
        { code: 401, element: 'cmi.core.nothing', count: 600 },
        { code: 301, element: null, count: 2 },
      ];
      const stored = await sibling.scormContent.inject({
        method: 'POST',
        url: commitPath,
        payload: {
          sco_id: scoId,
          sequence: attempt.commit_sequence + 1,
          cmi: { core: { lesson_location: 'noisy-page', exit: 'suspend' } },
          api_errors: apiErrors,
        },
      });
      expect(stored.statusCode).toBe(200);
      const lines = logged.map((line) => JSON.parse(line) as { msg: string; apiErrors?: unknown; attemptId?: string });
      const refusedCalls = lines.filter((line) => line.msg === 'SCORM API calls refused');
      expect(refusedCalls).toHaveLength(1);
      expect(refusedCalls[0]).toMatchObject({ attemptId: attempt.attempt_id, apiErrors });

      // A malformed report is a bad body: refused with 400, nothing stored.
      const tooMany = Array.from({ length: 21 }, (_, index) => ({ code: 401, element: `cmi.x${index}`, count: 1 }));
      for (const bad of [tooMany, [{ code: 401, element: 'cmi.x', count: 0 }]]) {
        const refused = await sibling.scormContent.inject({
          method: 'POST',
          url: commitPath,
          payload: {
            sco_id: scoId,
            sequence: attempt.commit_sequence + 2,
            cmi: { core: { lesson_location: 'bad-report' } },
            api_errors: bad,
          },
        });
        expect(refused.statusCode).toBe(400);
      }
      const resumed = await startAttempt();
      expect(resumed.cmi).toMatchObject({ core: { lesson_location: 'noisy-page' } });
    } finally {
      await sibling.close();
    }
  });

  it('serves the wrapper script compressed and cacheable, and the wrapper page may only connect to its origin', async () => {
    const script = await app.scormContent.inject({
      method: 'GET',
      url: '/scorm/assets/wrapper.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-encoding']).toBe('gzip');
    const text = gunzipSync(script.rawPayload).toString('utf8');
    expect(text).toContain('LMSSetValue');
    const etag = String(script.headers.etag);
    const cached = await app.scormContent.inject({
      method: 'GET',
      url: '/scorm/assets/wrapper.js',
      headers: { 'if-none-match': etag },
    });
    expect(cached.statusCode).toBe(304);

    const preview = await call<ScormPlayerSession>(learner, 'GET', `/api/scorm/launch/${enrollmentId}`);
    const wrapper = await app.scormContent.inject({
      method: 'GET',
      url: `${new URL(preview.body.content.wrapper_url).pathname}?launch=one.html`,
    });
    expect(String(wrapper.headers['content-security-policy'])).toContain("connect-src 'self'");
  });
});
