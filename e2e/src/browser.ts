import AxeBuilder from '@axe-core/playwright';
import { PAGE_ANSWERS_ELEMENT_ID, PAGE_STATE_ELEMENT_ID } from '@portal/shared/page-answers';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  chromium,
  type Page,
  request,
} from 'playwright-core';
import { inject } from 'vitest';

export const DEMO_PASSWORD = 'demo-password-123';
export const baseUrl = () => inject('baseUrl');

/** Debian's Chromium, driven headless with no background networking (the machine has no outside network). */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ ...CHROMIUM, args: [...CHROMIUM.args, ...extraArgs] });
}

export async function newContext(
  browser: Browser,
  options: {
    locale?: string;
    viewport?: { width: number; height: number };
    timezoneId?: string;
    /** Browser permissions the site already holds, as after a person allowed them once (e.g. `camera`). */
    permissions?: string[];
  } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: options.locale ?? 'en-US',
    ...(options.viewport ? { viewport: options.viewport } : {}),
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    ...(options.permissions ? { permissions: options.permissions } : {}),
  });
  return waitForHydration(sendSameOrigin(context));
}

/**
 * A prerendered page (`/`, `/login`, a signed-in dashboard page) shows its content before the app has hydrated it,
 * and a click or a chosen file there before that does nothing: this waits until the app has started
 * (`data-app-ready`) and has taken over every element the server sent (React marks each element it hydrated), as
 * the moment a person would act.
 */
export async function appReady(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    if (!root?.dataset.prerendered) return true;
    if (!document.documentElement.hasAttribute('data-app-ready')) return false;
    const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'));
    return Array.from(root.querySelectorAll('*')).every(hydrated);
  });
}

/**
 * Notes each page's first heading as the server sent it, before the app's code runs (it starts after the first
 * paint), for `sentHeadingKept`.
 */
export async function holdSentHeading(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      Object.assign(window, { sentHeading: document.querySelector('h1') });
    });
  });
}

/** Whether the app took over the heading the server sent (see holdSentHeading) instead of drawing it again. */
export const sentHeadingKept = (page: Page): Promise<boolean> =>
  page.evaluate(() => {
    const sent = (window as unknown as { sentHeading?: Element | null }).sentHeading;
    return sent?.isConnected === true && sent === document.querySelector('h1');
  });

/** The context's `goto` and `reload` also wait until the app is ready (see appReady). */
export function waitForHydration(context: BrowserContext): BrowserContext {
  context.on('page', (page) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await appReady(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await appReady(page);
      return response;
    };
  });
  return context;
}

const SENT_DATA = new RegExp(
  `<script type="application/json" id="(?:${PAGE_ANSWERS_ELEMENT_ID}|${PAGE_STATE_ELEMENT_ID})">.*?</script>`,
  'gs',
);
/** The app's root as the server rendered it: the last element of the body once the data blocks are out. */
const RENDERED_ROOT = /<div id="root"[^>]*>.*<\/div>(\s*<\/body>)/s;

/**
 * Pages of this browser come without the answers a signed-in page carries and without the server's render of the
 * screen (as when the server gave up waiting for them), so the app asks the API itself and a test can hold up or
 * change those answers with `page.route`.
 */
export async function withoutPageAnswers(page: Page) {
  await page.route(
    (url) => url.pathname.startsWith('/dashboard'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const body = (await response.text()).replace(SENT_DATA, '').replace(RENDERED_ROOT, '<div id="root"></div>$1');
      return route.fulfill({ response, body });
    },
  );
}

const STATE_CHANGING = ['post', 'put', 'patch', 'delete'] as const;

/**
 * The context's API requests (`page.request`) carry the app's Origin on changes, as the browser's own same-origin
 * fetches do: the server refuses a cookie-carrying change without it.
 */
export function sendSameOrigin(context: BrowserContext): BrowserContext {
  const api: APIRequestContext = context.request;
  const origin = new URL(baseUrl()).origin;
  for (const method of STATE_CHANGING) {
    const send = api[method].bind(api);
    api[method] = ((url: string, options: Parameters<typeof send>[1] = {}) =>
      send(url, { ...options, headers: { origin, ...options.headers } })) as typeof send;
  }
  return context;
}

export type MailboxMessage = { recipient: string; subject: string; text: string };

/** Runs `read` with the dev mailbox as the demo admin reads it (it is for signed-in admins only), signed in once. */
async function withAdminMailbox<T>(read: (mailbox: () => Promise<MailboxMessage[]>) => Promise<T>): Promise<T> {
  const admin = await request.newContext({
    baseURL: baseUrl(),
    extraHTTPHeaders: { origin: new URL(baseUrl()).origin },
  });
  try {
    const signedIn = await admin.post('/api/account/sign-in', {
      data: { email: 'admin@example.com', password: DEMO_PASSWORD },
    });
    if (!signedIn.ok()) throw new Error(`admin sign-in answered ${signedIn.status()}`);
    return await read(async () => {
      const mailbox = await admin.get('/api/dev/mailbox');
      if (!mailbox.ok()) throw new Error(`the mailbox answered ${mailbox.status()}`);
      return ((await mailbox.json()) as { messages: MailboxMessage[] }).messages;
    });
  } finally {
    await admin.dispose();
  }
}

/**
 * The newest message to `recipient` that `matches`, read until it arrives: the newest message to an address need not be
 * the one a step caused (a live session's notice to the same person may be written after it), and some mail is written
 * after the answer that caused it.
 */
export function mailTo(
  recipient: string,
  matches: (message: MailboxMessage) => boolean = () => true,
): Promise<MailboxMessage> {
  const deadline = Date.now() + 20_000;
  return withAdminMailbox(async (mailbox) => {
    for (;;) {
      const found = (await mailbox()).find((message) => message.recipient === recipient && matches(message));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching message was mailed to ${recipient}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
}

/** The path and query of the link to `path` in the newest message to `recipient` that has one. */
export async function linkMailedTo(recipient: string, path: string): Promise<string> {
  const linkIn = (message: MailboxMessage) =>
    message.text.match(/https?:\/\/\S+/g)?.find((candidate) => new URL(candidate).pathname.includes(path));
  const link = new URL(linkIn(await mailTo(recipient, (message) => linkIn(message) !== undefined)) ?? '');
  return `${link.pathname}${link.search}`;
}

/** Signs a new account up through the API and opens the confirmation link from the mailbox, which signs it in. */
export async function signUpAndFollowConfirmation(page: Page, email: string, name: string) {
  const signedUp = await page.request.post('/api/account/sign-up', {
    data: { email, password: 'violet-harbour-cactus-92', name },
  });
  if (signedUp.status() !== 201) throw new Error(`sign-up answered ${signedUp.status()}`);
  await page.goto(await linkMailedTo(email, 'verify-email'));
  await page.waitForURL((current) => current.pathname === '/auth/confirm');
}

/** Signs in through the real form and waits for the learner home. */
export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await submitSignInForm(page, email, password);
}

/** Fills and sends the sign-in form of the page the browser is on. */
export async function submitSignInForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await appReady(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
}

/** A path the browser is on, without origin. */
export function pathOf(page: Page) {
  return new URL(page.url()).pathname;
}

/** The serious and critical WCAG 2.2 AA violations axe finds on the page, one line each. */
export async function seriousViolations(target: Page) {
  const results = await new AxeBuilder({ page: target })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    // Toasts stacked behind the newest one fade their content out until the stack is expanded.
    .exclude('[data-sonner-toast][data-front="false"]')
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Stores an essential-only cookie choice, so the cookie banner stays out of the way of the screens under test. */
export async function chooseEssentialCookies(page: Page) {
  await page.evaluate(() =>
    localStorage.setItem(
      'portal.cookie-consent',
      JSON.stringify({
        version: 1,
        saved_at: new Date().toISOString(),
        essential: true,
        analytics: false,
        marketing: false,
        functional: false,
      }),
    ),
  );
}

/** Dismisses the first-visit welcome dialog if it shows. */
export async function dismissWelcome(page: Page) {
  // The dialog opens on the learner home only: on any other dashboard screen there is nothing to wait for.
  const { pathname } = new URL(page.url());
  if (pathname.startsWith('/dashboard/') && pathname !== '/dashboard/learner') return;
  const start = page.getByRole('button', { name: "Let's start" });
  const shown = await start
    .waitFor({ timeout: 5000 })
    .then(() => true)
    .catch(() => false);
  if (shown) await start.click();
}

/**
 * Waits until the page is at rest for colour checks: every toast has mounted (a toast is transparent for a frame
 * before its entrance starts), no finite animation or transition runs, and that has held for 300 ms (a new toast
 * restacks the others a frame after it appears, which starts their transitions).
 */
export function settled(page: Page) {
  return page.waitForFunction(() => {
    const calm =
      [...document.querySelectorAll('[data-sonner-toast]')].every(
        (toast) => toast.getAttribute('data-mounted') === 'true' && toast.getAttribute('data-removed') !== 'true',
      ) &&
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        );
    const state = window as unknown as { calmSince?: number };
    if (!calm) {
      state.calmSince = undefined;
      return false;
    }
    state.calmSince ??= performance.now();
    return performance.now() - state.calmSince >= 300;
  });
}
