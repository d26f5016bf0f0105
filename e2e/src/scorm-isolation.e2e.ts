import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newContext } from './browser';
import { scoFrame, signInForScorm, uploadReadyPackage } from './scorm-support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('SCORM content isolation', () => {
  it("package files come from another site that never receives the learner's session, and cannot reach the app", async () => {
    const instructor = await newContext(browser);
    const instructorPage = await instructor.newPage();
    await signInForScorm(instructorPage, 'instructor@example.com');
    const packageId = await uploadReadyPackage(instructorPage, {
      zip: 'golf12-singlesco.zip',
      title: 'Isolation check',
      isPublic: true,
    });
    await instructor.close();

    const learner = await newContext(browser);
    const page = await learner.newPage();
    await signInForScorm(page, 'learner@example.com');
    const appOrigin = new URL(baseUrl()).origin;
    expect((await learner.cookies(appOrigin)).some((cookie) => cookie.name.includes('session'))).toBe(true);

    const contentRequests: Array<{ url: string; cookie: string | undefined }> = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin === appOrigin || !request.url().startsWith('http')) return;
      void request.allHeaders().then((headers) => contentRequests.push({ url: request.url(), cookie: headers.cookie }));
    });
    await page.goto(`/scorm/preview/${packageId}`);
    const frame = await scoFrame(page);
    await frame.getByText('Not implemented yet').waitFor();

    // Another site: a different host name, not only another port.
    const contentOrigin = new URL(frame.url()).origin;
    expect(new URL(contentOrigin).hostname).not.toBe(new URL(appOrigin).hostname);
    expect(contentRequests.length).toBeGreaterThan(1);
    expect(contentRequests.filter((request) => request.cookie !== undefined)).toEqual([]);

    // The content cannot read the session, call the app with it, or reach into the app's page.
    const probe = await frame.evaluate(async (app) => {
      const called = await fetch(`${app}/api/profile`, { credentials: 'include' }).then(
        (response) => `answered ${response.status}`,
        () => 'blocked',
      );
      let topDocument = 'blocked';
      try {
        topDocument = window.top?.document.title ?? 'none';
      } catch {
        topDocument = 'blocked';
      }
      return { cookie: document.cookie, called, topDocument };
    }, appOrigin);
    expect(probe).toEqual({ cookie: '', called: 'blocked', topDocument: 'blocked' });

    // Nor can it send the learner's tab elsewhere, even from a click (browsers let a cross-origin frame navigate
    // the top page after a click unless it is sandboxed).
    const playerUrl = page.url();
    await frame.evaluate((app) => {
      const button = document.createElement('button');
      button.textContent = 'Leave';
      button.addEventListener('click', () => {
        try {
          if (window.top) window.top.location.href = `${app}/dashboard/settings`;
        } catch {
          // Refused: what this test wants.
        }
      });
      document.body.prepend(button);
    }, appOrigin);
    await frame.getByRole('button', { name: 'Leave' }).click();
    await page.waitForTimeout(1500);
    expect(page.url()).toBe(playerUrl);
    await learner.close();
  });
});
