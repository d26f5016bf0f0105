import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  PAGE_ANSWERS_ELEMENT_ID,
  type PageAnswer,
  pageStartRequests,
  REFUSALS_SENT,
} from '@portal/shared/page-answers';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cookieChoiceMade, visitorLanguage } from './prerendered-pages.ts';
import { scriptSafeJson, signedInRender, visitorTimeZone } from './signed-in-render.ts';

/** How long the page waits for its answers before it goes out without the slow ones, in ms. */
const ANSWER_TIMEOUT_MS = 1_000;

/** The API route's own answer to one of the page's first requests, asked as the visitor; null when it failed. */
async function answer(
  app: FastifyInstance,
  request: FastifyRequest,
  { url, language }: { url: string; language: string },
): Promise<[string, PageAnswer] | null> {
  const response = await app.inject({
    method: 'GET',
    url,
    remoteAddress: request.ip,
    headers: {
      accept: 'application/json',
      cookie: request.headers.cookie ?? '',
      'accept-language': request.headers['accept-language'] ?? '',
      'user-agent': request.headers['user-agent'] ?? '',
      'x-portal-language': language,
    },
  });
  const { statusCode: status } = response;
  if (status !== 200 && !REFUSALS_SENT.includes(status)) return null;
  return [url, { status, body: response.json() }];
}

const withinTimeout = <T>(work: Promise<T>) =>
  Promise.race([work, new Promise<null>((resolve) => setTimeout(() => resolve(null), ANSWER_TIMEOUT_MS).unref())]);

/**
 * The app shell (index.html) for a signed-in visitor, with the answers to the first API requests of the page asked
 * (see @portal/shared/page-answers) inside it, so its screen renders without a round trip per request first.
 * Each answer comes from the API route itself, asked with the visitor's own cookie, address and language, so it
 * is what the browser would have got: the same access checks, rate limits and data; a refusal by plan or role goes
 * too, as the screen shows it. Requests that fail otherwise, or take longer than a second, are left out and the
 * browser asks them itself. From the answers the page is rendered here when the web build can (signed-in-render.ts),
 * and then carries the data its screen shows in place of the answers. Returns null for pages outside the dashboard
 * and when the session turns out to be gone (the plain shell then sends the visitor to sign in).
 */
export function pageAnswers(app: FastifyInstance, distDir: string) {
  let shell: string | undefined;
  const shellHtml = () => {
    shell ??= readFileSync(path.join(distDir, 'index.html'), 'utf8');
    return shell;
  };

  const render = signedInRender(distDir, app.log);

  return async function pageWithAnswers(request: FastifyRequest): Promise<{ html: string; rendered: boolean } | null> {
    const pathname = request.url.split('?')[0] ?? '';
    const requests = pageStartRequests(pathname);
    if (requests.length === 0) return null;
    const language = visitorLanguage(request);
    const answers = await Promise.all(
      requests.map((url) => withinTimeout(answer(app, request, { url, language })).catch(() => null)),
    );
    const answered = Object.fromEntries(answers.filter((entry) => entry !== null));
    const me = answered['/api/me'];
    if (me?.status !== 200 || (me.body as { me: unknown }).me === null) return null;
    const rendered = await render(shellHtml(), {
      url: request.url,
      language,
      answers: answered,
      ask: async (url) => (await withinTimeout(answer(app, request, { url, language })).catch(() => null))?.[1] ?? null,
      banner: !cookieChoiceMade(request),
      timeZone: visitorTimeZone(request, answered['/api/profile']),
    });
    // A page rendered here carries the data it shows instead: answers left unused would answer a later refetch.
    if (rendered !== null) return { html: rendered, rendered: true };
    const element = `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">${scriptSafeJson(answered)}</script>`;
    // A function, not a replacement string: the answers may hold `$&` and the like.
    return { html: shellHtml().replace('</body>', () => `${element}</body>`), rendered: false };
  };
}
