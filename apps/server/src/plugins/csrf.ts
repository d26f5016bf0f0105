import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** better-auth's session cookies under our prefix (`__Secure-` when PUBLIC_URL is https). */
const SESSION_COOKIE = /^(?:__Secure-|__Host-)?portal\.session_(?:token|data)$/;

/** The request carries a session cookie, so a browser may have attached it to a request another site made. */
export function hasSessionCookie(request: FastifyRequest): boolean {
  const header = request.headers.cookie;
  if (!header) return false;
  return header.split(';').some((pair) => SESSION_COOKIE.test(pair.split('=', 1)[0]?.trim() ?? ''));
}

/**
 * The browser says the request comes from a page of the app's own origin: `Origin` when sent, otherwise
 * `Sec-Fetch-Site: same-origin`, otherwise the `Referer`'s origin. Nothing to go by counts as foreign.
 */
export function comesFromOrigin(request: FastifyRequest, appOrigin: string): boolean {
  const { origin, referer } = request.headers;
  if (origin !== undefined) return origin === appOrigin;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  if (!referer) return false;
  try {
    return new URL(referer).origin === appOrigin;
  } catch {
    return false;
  }
}

const hasBearerToken = (request: FastifyRequest) => /^bearer\s/i.test(request.headers.authorization ?? '');

/**
 * Cross-site request forgery: a state-changing request (POST, PUT, PATCH, DELETE) that carries a session cookie is
 * refused with 403 `csrf_rejected` unless it comes from PUBLIC_URL's origin. Requests signed in by a bearer token are
 * exempt: a page of another site cannot make the browser add one.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance, { publicUrl }: { publicUrl: string }) => {
    const appOrigin = new URL(publicUrl).origin;
    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method) || hasBearerToken(request) || !hasSessionCookie(request)) return;
      if (comesFromOrigin(request, appOrigin)) return;
      request.log.warn({ origin: request.headers.origin, url: request.url }, 'cross-origin request refused');
      throw new AppError(
        'csrf_rejected',
        `This request did not come from ${appOrigin}, so it was refused. Open the portal at that address and try again.`,
      );
    });
  },
  { name: 'csrf' },
);
