import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  PAGE_ANSWERS_ELEMENT_ID,
  type PageAnswer,
  pageStartRequests,
  REFUSALS_SENT,
} from '@portal/shared/page-answers';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { visitorLanguage } from './prerendered-pages.ts';

/** How long the page waits for its answers before it goes out without the slow ones, in ms. */
const ANSWER_TIMEOUT_MS = 1_000;

/** JSON that can sit inside a `<script>` element: no `<` can close it or open a comment. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The app shell (index.html) for a signed-in visitor, with the answers to the first API requests of the page asked
 * (see @portal/shared/page-answers) inside it, so its screen renders without a round trip per request first.
 * Each answer comes from the API route itself, asked with the visitor's own cookie, address and language, so it
 * is what the browser would have got: the same access checks, rate limits and data; a refusal by plan or role goes
 * too, as the screen shows it. Requests that fail otherwise, or take longer than a second, are left out and the
 * browser asks them itself. Returns null for pages outside the dashboard
 * and when the session turns out to be gone (the plain shell then sends the visitor to sign in).
 */
export function pageAnswers(app: FastifyInstance, distDir: string) {
  let shell: string | undefined;
  const shellHtml = () => {
    shell ??= readFileSync(path.join(distDir, 'index.html'), 'utf8');
    return shell;
  };

  const answer = async (
    request: FastifyRequest,
    url: string,
    language: string,
  ): Promise<[string, PageAnswer] | null> => {
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
  };

  const withinTimeout = <T>(work: Promise<T>) =>
    Promise.race([work, new Promise<null>((resolve) => setTimeout(() => resolve(null), ANSWER_TIMEOUT_MS).unref())]);

  return async function pageWithAnswers(request: FastifyRequest): Promise<string | null> {
    const pathname = request.url.split('?')[0] ?? '';
    const requests = pageStartRequests(pathname);
    if (requests.length === 0) return null;
    const language = visitorLanguage(request);
    const answers = await Promise.all(
      requests.map((url) => withinTimeout(answer(request, url, language)).catch(() => null)),
    );
    const answered = Object.fromEntries(answers.filter((entry) => entry !== null));
    const me = answered['/api/me'];
    if (me?.status !== 200 || (me.body as { me: unknown }).me === null) return null;
    const element = `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">${scriptSafeJson(answered)}</script>`;
    return shellHtml().replace('</body>', `${element}</body>`);
  };
}
