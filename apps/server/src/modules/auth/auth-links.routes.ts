import {
  resetPasswordLinkParamsSchema,
  resetPasswordLinkQuerySchema,
  verifyEmailLinkQuerySchema,
} from '@portal/shared/auth';
import { EMAIL_CONFIRM_PATH, EMAIL_CONFIRMED_PARAM } from '@portal/shared/routes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { AUTH_BASE_PATH, type Auth } from './auth.ts';
import { headersOf } from './call-auth.ts';

/**
 * The only auth library endpoints reachable over HTTP: the links mailed for confirming an address and resetting a
 * password. Everything else the library offers goes through /api/account, so any other /api/auth path is a 404.
 */
export const authLinkRoutes: FastifyPluginAsyncZod<{
  auth: Auth;
  publicUrl: string;
  rateLimitPerMinute: number;
}> = async (app, { auth, publicUrl, rateLimitPerMinute }) => {
  const config = {
    rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' },
    access: { role: 'anonymous', feature: null },
  } as const;

  app.get(
    `${AUTH_BASE_PATH}/verify-email`,
    {
      config,
      schema: {
        tags: ['account'],
        summary: 'Confirm an email address (the link in the confirmation mail)',
        description:
          'Redirects (302) to `callbackURL`, signed in (`/auth/confirm` gets `confirmed=1`), or to ' +
          '`callbackURL?error=INVALID_TOKEN` when the link is invalid or expired.',
        querystring: verifyEmailLinkQuerySchema,
      },
    },
    (request, reply) =>
      openLink({ auth, publicUrl }, request, reply, {
        path: '/verify-email',
        query: request.query,
        redirectTo: (location) => markConfirmed(location, publicUrl),
      }),
  );

  app.get(
    `${AUTH_BASE_PATH}/reset-password/:token`,
    {
      config,
      schema: {
        tags: ['account'],
        summary: 'Open a password reset link (the link in the reset mail)',
        description:
          'Redirects (302) to `callbackURL?token=...` where the new password is chosen, or to ' +
          '`callbackURL?error=INVALID_TOKEN` when the link is invalid or expired.',
        params: resetPasswordLinkParamsSchema,
        querystring: resetPasswordLinkQuerySchema,
      },
    },
    (request, reply) =>
      openLink({ auth, publicUrl }, request, reply, {
        path: `/reset-password/${encodeURIComponent(request.params.token)}`,
        query: request.query,
      }),
  );
};

type LinkDeps = { auth: Auth; publicUrl: string };
type Link = { path: string; query: Record<string, string>; redirectTo?: (location: string) => string };

/** Hands the validated link to the auth library and copies its redirect (and session cookie) onto the reply. */
async function openLink(
  { auth, publicUrl }: LinkDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  { path, query, redirectTo = (location) => location }: Link,
) {
  const url = new URL(`${AUTH_BASE_PATH}${path}`, publicUrl);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const response = await auth.handler(new Request(url, { headers: headersOf(request) }));
  if (response.status >= 500) throw new Error(`auth library answered ${response.status} for ${path}`);
  if (response.status >= 400) throw new AppError('bad_request', 'This link is not valid or has expired.');
  const location = response.headers.get('location');
  if (location) {
    const headers = new Headers(response.headers);
    headers.set('location', redirectTo(location));
    return sendFetchResponse(reply, new Response(response.body, { status: response.status, headers }));
  }
  return sendFetchResponse(reply, response);
}

/** The confirmation page says "confirmed" only when it is told so here, after the library accepted the link. */
function markConfirmed(location: string, publicUrl: string) {
  const target = new URL(location, publicUrl);
  if (target.pathname !== EMAIL_CONFIRM_PATH || target.searchParams.has('error')) return location;
  target.searchParams.set(EMAIL_CONFIRMED_PARAM, '1');
  return location.startsWith('/') ? `${target.pathname}${target.search}${target.hash}` : target.toString();
}

/** Copies a fetch Response (status, cookies, headers, body) onto a Fastify reply. */
async function sendFetchResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  return reply.send(text.length > 0 ? text : null);
}
