import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './browser';
import { signInForScorm, uploadReadyPackage } from './scorm-support';

/** The published samples, what their first SCO shows, and (for several SCOs) what Continue leads to. */
const SAMPLES = [
  { zip: 'golf12-singlesco.zip', contents: 0, first: /Not implemented yet/, next: null },
  { zip: 'golf12-minimum-calls.zip', contents: 18, first: /Play of the game/, next: /^Par$/m },
  { zip: 'golf2004-3rd-runtime-basic.zip', contents: 0, first: /Play of the game/, next: null },
  { zip: 'golf2004-3rd-simple-remediation.zip', contents: 8, first: /Play of the game/, next: /Etiquette/ },
] as const;

let browser: Browser;
let context: BrowserContext;
let page: Page;
const packageIds = new Map<string, string>();

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  page = await context.newPage();
  await signInForScorm(page, 'instructor@example.com');
  for (const sample of SAMPLES) {
    packageIds.set(sample.zip, await uploadReadyPackage(page, { zip: sample.zip, title: `Sample ${sample.zip}` }));
  }
});
afterAll(async () => {
  await browser.close();
});

/** The text of every frame on the content origin (the samples load their pages into frames of their own). */
async function contentText(): Promise<string> {
  const appOrigin = new URL(page.url()).origin;
  const texts = await Promise.all(
    page
      .frames()
      .filter((frame) => frame.url().startsWith('http') && new URL(frame.url()).origin !== appOrigin)
      .map((frame) =>
        frame
          .locator('body')
          .innerText()
          .catch(() => ''),
      ),
  );
  return texts.join('\n');
}

async function waitForContent(pattern: RegExp) {
  for (let tries = 0; tries < 100; tries += 1) {
    if (pattern.test(await contentText())) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`the player never showed ${pattern}; it shows: ${(await contentText()).slice(0, 200)}`);
}

describe('the published SCORM samples play in the player', () => {
  it.each(SAMPLES)('$zip', async ({ zip, contents, first, next }) => {
    await page.goto(`/scorm/preview/${packageIds.get(zip)}`);
    await waitForContent(first);
    const toc = page.getByRole('navigation', { name: 'Contents' });
    if (contents === 0) {
      expect(await toc.count()).toBe(0);
    } else {
      expect(await toc.getByRole('button').count()).toBe(contents);
    }
    if (next) {
      const before = page.url();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((url) => url.toString() !== before);
      await waitForContent(next);
    }
  });
});
