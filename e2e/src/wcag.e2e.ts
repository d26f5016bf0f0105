import AxeBuilder from '@axe-core/playwright';
import type { CourseOutline } from '@portal/shared/progress';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissWelcome, launchBrowser, newContext, signInThroughForm } from './browser';

const PUBLIC_ROUTES = [
  '/',
  '/login',
  '/reset-password',
  '/choose-plan',
  '/games',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
  '/403',
  '/dev/mailbox',
  '/subscription-success',
  '/no-such-page',
];

const DASHBOARD_ROUTES = [
  '/dashboard/learner',
  '/dashboard/learner/library',
  '/dashboard/learner/courses',
  '/dashboard/learner/goals',
  '/dashboard/learner/notes',
  '/dashboard/learner/gamification',
  '/dashboard/learner/settings',
  '/dashboard/learner/analytics',
  '/dashboard/learner/ai-coach',
  '/dashboard/learner/flashcards',
  '/dashboard/learner/flashcards/stats',
  '/dashboard/learner/live-hub',
  '/dashboard/learner/course/c1',
  '/dashboard/learner/learning-state/c1',
  '/dashboard/learner/learning-state-embed/m1',
  '/dashboard/learner/study/focus',
  '/dashboard/learner/study/review',
  '/dashboard/learner/study/practice',
  '/dashboard/learner/study/unknown-mode',
  '/dashboard/subscription',
  '/dashboard/admin',
  '/dashboard/admin/users',
  '/dashboard/admin/courses',
  '/dashboard/admin/analytics',
  '/dashboard/admin/modules',
  '/dashboard/admin/courses/intro/lessons',
  '/dashboard/admin/thresholds',
  '/dashboard/admin/beta',
  '/dashboard/admin/coupons',
  '/dashboard/admin/sso',
  '/dashboard/admin/contact',
  '/dashboard/admin/audit',
  '/dashboard/scorm/studio',
  '/dashboard/scorm/packages',
  '/dashboard/scorm/assignments',
  '/dashboard/scorm/upload',
  '/dashboard/scorm/packages/p1',
  '/courses/intro',
  '/courses/study-skills-that-stick',
  '/dashboard/admin/courses/study-skills-that-stick/lessons',
  '/scorm/preview/p1',
];

/** WCAG 1.4.12: content must survive these spacing overrides. */
const TEXT_SPACING_CSS = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }`;

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Text cut off by the spacing overrides: clipped boxes, or a page that now scrolls sideways. */
async function clippedText(page: Page) {
  await page.addStyleTag({ content: TEXT_SPACING_CSS });
  return page.evaluate(() => {
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth + 1) problems.push('page scrolls horizontally');
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(element);
      const hides = style.overflow === 'hidden' || style.overflowY === 'hidden' || style.overflowX === 'hidden';
      const hasText = [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent?.trim());
      if (!hides || !hasText || style.position === 'absolute' || element.closest('.sr-only')) continue;
      if (element.scrollHeight > element.clientHeight + 2 || element.scrollWidth > element.clientWidth + 2) {
        problems.push(`${element.tagName.toLowerCase()}: ${element.textContent?.trim().slice(0, 40)}`);
      }
    }
    return problems;
  });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe.each(['Standard', 'High'] as const)('every route meets WCAG 2.2 AA checks in %s contrast', (contrast) => {
  describe('signed out', () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context = await newContext(browser);
      // Signed-out screens use the display preferences stored in this browser.
      await context.addInitScript((value) => {
        localStorage.setItem(
          'portal.preferences',
          JSON.stringify({
            comfort_mode: 'Normal',
            font_family: 'System',
            color_contrast: value,
            text_size: 3,
            line_spacing: 3,
          }),
        );
      }, contrast);
      page = await context.newPage();
    });
    afterAll(async () => {
      await context.close();
    });

    it.each(PUBLIC_ROUTES)('%s: no serious axe violation, and text spacing clips nothing', async (path) => {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await clippedText(page)).toEqual([]);
    });
  });

  describe('signed in as an admin (every dashboard screen)', () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context = await newContext(browser);
      page = await context.newPage();
      await signInThroughForm(page, 'admin@example.com');
      await page.waitForURL((url) => url.pathname === '/dashboard/learner');
      await dismissWelcome(page);
      const saved = await page.request.patch('/api/profile', { data: { color_contrast: contrast } });
      expect(saved.status()).toBe(200);
    });
    afterAll(async () => {
      await page.request.patch('/api/profile', { data: { color_contrast: 'Standard' } });
      await context.close();
    });

    it.each(DASHBOARD_ROUTES)('%s: no serious axe violation, and text spacing clips nothing', async (path) => {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.contrast ?? 'standard')).toBe(
        contrast.toLowerCase(),
      );
      expect(await seriousViolations(page)).toEqual([]);
      expect(await clippedText(page)).toEqual([]);
    });

    it('course screens with real content: no serious axe violation, and text spacing clips nothing', async () => {
      const response = await page.request.get('/api/courses/by-slug/study-skills-that-stick/outline');
      const outline = (await response.json()) as CourseOutline;
      const [first] = outline.modules;
      const quiz = first?.lessons.find((lesson) => lesson.kind === 'quiz');
      expect(first && quiz).toBeTruthy();
      const course = `/dashboard/learner/course/${outline.course.id}`;
      for (const path of [
        course,
        `${course}?lesson=${quiz?.id}`,
        `/dashboard/learner/learning-state/${outline.course.id}`,
        `/dashboard/learner/learning-state-embed/${first?.id}`,
      ]) {
        await page.goto(path);
        await page.locator('h1').first().waitFor();
        // The player shows the lesson once it has loaded.
        if (path.startsWith(course)) await page.getByRole('article').getByRole('heading', { level: 2 }).waitFor();
        expect(await seriousViolations(page), path).toEqual([]);
        expect(await clippedText(page), path).toEqual([]);
      }
    });

    it('the dashboard works on a phone-sized screen with the keyboard', async () => {
      await page.setViewportSize({ width: 390, height: 800 });
      await page.goto('/dashboard/learner/goals');
      await page.locator('h1').first().waitFor();
      await page.getByRole('button', { name: 'Open navigation' }).focus();
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog', { name: 'Dashboard navigation' });
      await drawer.getByRole('link', { name: 'Notes' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/dashboard/learner/notes');
      expect(await drawer.count()).toBe(0);
      expect(await clippedText(page)).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 720 });
    });
  });
});
