import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { ZipFile } from 'yazl';
import { dismissWelcome, launchBrowser, newContext, signInThroughForm } from './browser';

/** The published sample packages kept beside the server's SCORM tests. */
export const SCORM_SAMPLES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/server/src/modules/scorm/samples',
);

/** Signs in through the form, lands on the learner home and accepts cookies so no banner covers the player. */
export async function signInForScorm(page: Page, email: string) {
  await signInThroughForm(page, email);
  await page.waitForURL((url) => url.pathname === '/dashboard/learner');
  await dismissWelcome(page);
  const accept = page.getByRole('button', { name: 'Accept All' });
  if (await accept.isVisible().catch(() => false)) await accept.click();
}

/**
 * The test file's browser, with the instructor signed in on a page of their own to upload and enrol: opened before
 * the file's tests, closed after them.
 */
export function withSignedInInstructor() {
  const scene = {} as { browser: Browser; instructor: Page };
  let staff: BrowserContext | undefined;
  beforeAll(async () => {
    scene.browser = await launchBrowser();
    staff = await newContext(scene.browser);
    scene.instructor = await staff.newPage();
    await signInForScorm(scene.instructor, 'instructor@example.com');
  });
  afterAll(async () => {
    await staff?.close();
    await scene.browser?.close();
  });
  return scene;
}

/** A package built in the test, zipped in memory. */
export async function zipOf(files: Record<string, string>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, text] of Object.entries(files)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Uploads and processes a package through the API the upload page uses, as the signed-in staff member of `page`,
 * and returns its id once it is ready. `zip` is a sample's file name or the bytes of a package built in the test.
 */
export async function uploadReadyPackage(
  page: Page,
  {
    zip,
    fileName,
    title,
    isPublic = false,
  }: { zip: string | Buffer; fileName?: string; title: string; isPublic?: boolean },
): Promise<string> {
  const name = fileName ?? (typeof zip === 'string' ? zip : 'package.zip');
  const query = new URLSearchParams({ file_name: name, title, is_public: String(isPublic) });
  const uploaded = await page.request.post(`/api/scorm/packages?${query}`, {
    headers: { 'content-type': 'application/zip' },
    data: typeof zip === 'string' ? await readFile(path.join(SCORM_SAMPLES, zip)) : zip,
  });
  expect(uploaded.status()).toBe(201);
  const packageId = ((await uploaded.json()) as { package: { id: string } }).package.id;
  const processed = await page.request.post(`/api/scorm/packages/${packageId}/process`);
  expect(((await processed.json()) as { package: { status: string } }).package.status).toBe('ready');
  return packageId;
}

/** The SCO's own frame inside the wrapper page the content origin serves (the one showing `heading`, if given). */
export async function scoFrame(page: Page, heading?: string): Promise<Frame> {
  for (let tries = 0; tries < 150; tries += 1) {
    for (const frame of page.frames()) {
      if (!frame.url().includes('/scorm/c/')) continue;
      if (heading === undefined) {
        await frame.waitForLoadState('load');
        return frame;
      }
      const found = await frame
        .getByRole('heading', { name: heading })
        .isVisible()
        .catch(() => false);
      if (found) return frame;
    }
    await page.waitForTimeout(100);
  }
  throw new Error(heading ? `the SCO "${heading}" was never delivered` : 'the SCO frame never loaded');
}

/** Enrols the demo learner in a package as the signed-in staff member of `page`; answers the enrolment's id. */
export async function enrolDemoLearner(page: Page, packageId: string): Promise<string> {
  const found = (await (await page.request.get('/api/scorm/learners?search=learner@example.com')).json()) as {
    learners: Array<{ id: string; email: string }>;
  };
  const learnerId = found.learners.find((person) => person.email === 'learner@example.com')?.id;
  const enrolled = await page.request.post(`/api/scorm/packages/${packageId}/enrollments`, {
    data: { learner_ids: [learnerId] },
  });
  expect(enrolled.ok()).toBe(true);
  const enrollment = ((await enrolled.json()) as { enrollments: Array<{ id: string }> }).enrollments[0];
  return enrollment?.id ?? '';
}
