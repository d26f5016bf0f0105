/**
 * A signed-in page arrives with the answers to the first API requests it makes (see the server's page-answers.ts),
 * so the screen does not wait for a round trip each before it can render. The answers sit in the HTML as JSON in
 * `<script type="application/json" id="page-answers">`, keyed by request path; the web app's API client uses each
 * one once, for the first request of that path made soon after the page loaded, and asks the server after that.
 * An answer is the status and body the route gave: a success, or a refusal the screen shows (see REFUSALS_SENT).
 */
export const PAGE_ANSWERS_ELEMENT_ID = 'page-answers';

/**
 * A signed-in page the server rendered carries the data it shows (the query client's dehydrated state) in
 * `<script type="application/json" id="page-state">`, so the browser's first render matches the HTML.
 */
export const PAGE_STATE_ELEMENT_ID = 'page-state';

/**
 * The time zone of the browser (IANA name), which the web app keeps in this cookie so the server renders a page's
 * times as the browser shows them; a page rendered for another zone is rendered afresh by the browser.
 */
export const TIME_ZONE_COOKIE = 'portal.time-zone';

/** One answer sent with the page: what the route answered, as the browser would have received it. */
export type PageAnswer = { status: number; body: unknown };

/**
 * Refusals that go with the page like answers: the plan or the role does not allow the screen's data, which the
 * screen shows (an upgrade offer, a notice) instead of its content. Other failures are left for the browser to ask.
 */
export const REFUSALS_SENT: readonly number[] = [402, 403];

/** How long after the page loaded an answer sent with it is still used, in ms; later requests go to the server. */
export const PAGE_ANSWERS_FRESH_MS = 10_000;

/** What every dashboard page asks first: who is signed in, their display preferences, consent, plan and notices. */
const DASHBOARD_START = ['/api/me', '/api/profile', '/api/consent', '/api/subscription/check', '/api/beta/updates'];

/** What a dashboard screen asks as it opens, by its address (screens whose data does not depend on the URL). */
const SCREEN_START: Record<string, readonly string[]> = {
  '/dashboard/learner': ['/api/analytics/home', '/api/gamification/stats'],
  '/dashboard/learner/goals': ['/api/goals'],
  '/dashboard/learner/flashcards': ['/api/flashcards/decks'],
  '/dashboard/learner/gamification': [
    '/api/gamification/stats',
    '/api/gamification/streaks',
    '/api/gamification/badges',
    '/api/gamification/achievements',
    '/api/gamification/shop',
  ],
  '/dashboard/learner/live-hub': ['/api/live/hub?filter=all'],
  '/dashboard/learner/ai-coach': ['/api/coach/overview', '/api/coach/conversations'],
  '/dashboard/subscription': ['/api/billing/subscription', '/api/shared-plan'],
};

/** The GET requests whose answers go with the page at `pathname` (no query string), for a signed-in visitor. */
export function pageStartRequests(pathname: string): string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path !== '/dashboard' && !path.startsWith('/dashboard/')) return [];
  return [...new Set([...DASHBOARD_START, ...(SCREEN_START[path] ?? [])])];
}
