import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ScormAttemptStart, ScormPlayerSession } from '@portal/shared/scorm';
import { type APIRequestContext, chromium, type Frame, type Page, request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, CHROMIUM, DEMO_PASSWORD, sendSameOrigin, waitForHydration } from './browser';
import {
  enrolDemoLearner,
  scoFrame,
  signInForScorm,
  uploadReadyPackage,
  withSignedInInstructor,
  zipOf,
} from './scorm-support';

const scene = withSignedInInstructor();

const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.offline${Date.now()}" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>Offline</title>
    <item identifier="lesson" identifierref="r-lesson"><title>Lesson</title></item>
  </organization></organizations>
  <resources><resource identifier="r-lesson" type="webcontent" adlcp:scormType="sco" href="lesson.html"/></resources>
</manifest>`;
/** A simulation's saved state near the 64,000 characters SCORM 2004 allows. */
const STATE = `state=${'b,c,a;'.repeat(10_500)}page=9`;

type Api = Record<string, (...args: string[]) => string>;

/** Sets values through the SCORM 2004 API the SCO finds in its parent, then commits them. */
const setAndCommit = (frame: Frame, values: Record<string, string>) =>
  frame.evaluate((entries) => {
    const api = (window.parent as unknown as { API_1484_11: Api }).API_1484_11;
    for (const [element, value] of entries) api.SetValue?.(element, value);
    return api.Commit?.('');
  }, Object.entries(values));

const initialize = (frame: Frame) =>
  frame.evaluate(() => (window.parent as unknown as { API_1484_11: Api }).API_1484_11.Initialize?.(''));
const valueIn = (frame: Frame, element: string) =>
  frame.evaluate((name) => (window.parent as unknown as { API_1484_11: Api }).API_1484_11.GetValue?.(name), element);

const saveState = (page: Page) => page.locator('[data-save-state]').getAttribute('data-save-state');

/** A learner's browser with a profile on disk, so what a page kept in its storage is there after a restart. */
async function learnerBrowser(profile: string) {
  const context = await chromium.launchPersistentContext(profile, {
    ...CHROMIUM,
    baseURL: baseUrl(),
    locale: 'en-US',
  });
  const ready = waitForHydration(sendSameOrigin(context));
  await ready.clearCookies();
  const page = await ready.newPage();
  await signInForScorm(page, 'learner@example.com');
  return { context: ready, page };
}

/** The browser stops at once, as when its machine loses power: no page gets to say goodbye or send anything. */
function killBrowser(profile: string) {
  execFileSync('pkill', ['-KILL', '-f', `user-data-dir=${profile}`]);
}

const progressOf = async (api: APIRequestContext, enrollmentId: string, scoId: string) => {
  const session = (await (await api.get(`/api/scorm/launch/${enrollmentId}`)).json()) as ScormPlayerSession;
  return session.progress.find((entry) => entry.sco_id === scoId);
};

describe('a SCORM session that goes offline', () => {
  it('keeps what the learner did offline when the browser dies, and stores it as soon as they are back', async () => {
    const packageId = await uploadReadyPackage(scene.instructor, {
      zip: await zipOf({
        'imsmanifest.xml': MANIFEST,
        'lesson.html': '<html><head><title>Lesson</title></head><body><h1>Lesson</h1></body></html>',
      }),
      fileName: 'offline.zip',
      title: `Offline lesson ${Date.now()}`,
    });
    const enrollmentId = await enrolDemoLearner(scene.instructor, packageId);
    const profile = await mkdtemp(path.join(os.tmpdir(), 'portal-e2e-learner-'));
    const first = await learnerBrowser(profile);
    const session = (await (
      await first.context.request.get(`/api/scorm/launch/${enrollmentId}`)
    ).json()) as ScormPlayerSession;
    const scoId = session.scos[0]?.id ?? '';
    const launchPath = `/scorm/launch/${enrollmentId}/${scoId}`;

    await first.page.goto(launchPath);
    const frame = await scoFrame(first.page, 'Lesson');
    await initialize(frame);
    await setAndCommit(frame, { 'cmi.location': 'page-2', 'cmi.exit': 'suspend' });
    await expect.poll(() => saveState(first.page)).toBe('saved');

    // The train enters a tunnel: the learner works on and the commit fails. The browser dies before the network is
    // back, a little later (a browser writes what a page keeps to disk within seconds).
    await first.context.setOffline(true);
    await setAndCommit(frame, {
      'cmi.location': 'page-9',
      'cmi.suspend_data': STATE,
      'cmi.score.scaled': '0.8',
      'cmi.exit': 'suspend',
    });
    await expect.poll(() => saveState(first.page)).toBe('retrying');
    await first.page.waitForTimeout(8_000);
    killBrowser(profile);
    await first.context.close().catch(() => undefined);

    // Nothing of the offline work reached the server.
    const api = await request.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { origin: baseUrl() } });
    await api.post('/api/account/sign-in', { data: { email: 'learner@example.com', password: DEMO_PASSWORD } });
    expect((await progressOf(api, enrollmentId, scoId))?.score_scaled ?? null).toBeNull();

    // Back online in a new browser, the learner signs in: the portal saves it at once, before the lesson is opened
    // again.
    const second = await learnerBrowser(profile);
    await expect
      .poll(async () => (await progressOf(api, enrollmentId, scoId))?.score_scaled, { timeout: 10_000 })
      .toBe(0.8);
    // The browser's copy is gone once delivered.
    const keptCopies = () =>
      second.page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('portal.scorm.unsent:')));
    await expect.poll(keptCopies).toEqual([]);
    await api.dispose();

    // The lesson, opened again, resumes where they were offline.
    await second.page.goto(launchPath);
    const resumed = await scoFrame(second.page, 'Lesson');
    await initialize(resumed);
    expect(await valueIn(resumed, 'cmi.entry')).toBe('resume');
    expect(await valueIn(resumed, 'cmi.location')).toBe('page-9');
    expect(await valueIn(resumed, 'cmi.suspend_data')).toBe(STATE);

    // A later launch starts from it too.
    const next = (await (
      await second.context.request.post(`/api/scorm/launch/${enrollmentId}/scos/${scoId}/attempt`)
    ).json()) as ScormAttemptStart;
    expect(next.cmi).toMatchObject({ location: 'page-9', suspend_data: STATE });
    await second.context.close();
    await rm(profile, { recursive: true, force: true });
  });
});
