import {
  createSsoProviderBodySchema,
  SSO_CALLBACK_PATH,
  SSO_ERROR_PARAM,
  type SsoSignInError,
  ssoCallbackParamsSchema,
  ssoCallbackQuerySchema,
  ssoProviderListSchema,
  ssoProviderParamsSchema,
  ssoProviderSchema,
  ssoStartBodySchema,
  ssoStartResultSchema,
  updateSsoProviderBodySchema,
} from '@portal/shared/sso';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteApp } from '../../route-app.ts';
import { AUTH_BASE_PATH, type Auth } from '../auth/auth.ts';
import { headersOf } from '../auth/call-auth.ts';
import type { SsoService } from './sso.service.ts';
import { withSsoProvider } from './sso-sign-in.ts';

const admin = { role: 'admin', feature: null } as const;
const anyone = { role: 'anonymous', feature: null } as const;
const SIGNED_IN_PATH = '/dashboard/learner';
const SIGN_IN_PATH = '/login';

/** The auth library's error codes, in the words the sign-in page knows. */
const KNOWN_ERRORS: Record<string, SsoSignInError> = {
  account_suspended: 'account_suspended',
  email_domain_not_allowed: 'email_domain_not_allowed',
  invalid_state: 'invalid_state',
  please_restart_the_process: 'invalid_state',
  state_mismatch: 'invalid_state',
  access_denied: 'access_denied',
};

const signInError = (reason: SsoSignInError) => `${SIGN_IN_PATH}?${SSO_ERROR_PARAM}=${reason}`;

/** Copies the cookies (sign-in state, session) the auth library set onto the reply. */
function forwardCookies(reply: FastifyReply, response: Response) {
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

type SsoRouteDeps = {
  ssoService: SsoService;
  auth: Auth;
  publicUrl: string;
  limited: { rateLimit: { max: number; timeWindow: string } };
};

/** Where a finished callback sends the browser: the app on success, the sign-in page with a reason otherwise. */
function landing(location: string | null, publicUrl: string): string {
  if (!location) return signInError('failed');
  const target = new URL(location, publicUrl);
  if (target.origin !== new URL(publicUrl).origin) return signInError('failed');
  const error = target.searchParams.get('error');
  if (error !== null) return signInError(KNOWN_ERRORS[error.toLowerCase()] ?? 'failed');
  if (target.pathname.startsWith('/api/')) return signInError('failed');
  return `${target.pathname}${target.search}`;
}

/** The auth library's request that starts single sign-on with this provider for this address. */
function startRequest(
  publicUrl: string,
  { headers, providerId, email }: { headers: Headers; providerId: string; email: string },
) {
  return new Request(new URL(`${AUTH_BASE_PATH}/sign-in/sso`, publicUrl), {
    method: 'POST',
    headers,
    body: JSON.stringify({
      providerId,
      loginHint: email,
      callbackURL: SIGNED_IN_PATH,
      newUserCallbackURL: SIGNED_IN_PATH,
      errorCallbackURL: SIGN_IN_PATH,
    }),
  });
}

export const ssoRoutes: FastifyPluginAsyncZod<{
  ssoService: SsoService;
  auth: Auth;
  publicUrl: string;
  rateLimitPerMinute: number;
}> = async (app, { ssoService, auth, publicUrl, rateLimitPerMinute }) => {
  const deps = {
    ssoService,
    auth,
    publicUrl,
    limited: { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } },
  };
  registerSsoStartRoute(app, deps);
  registerSsoCallbackRoute(app, deps);
  registerProviderListRoutes(app, deps);
  registerProviderEditRoutes(app, deps);
};

function registerSsoStartRoute(app: RouteApp, { ssoService, auth, publicUrl, limited }: SsoRouteDeps) {
  app.post(
    '/api/auth/sso/start',
    {
      config: { ...limited, access: anyone },
      schema: {
        tags: ['account'],
        summary: "Start single sign-on: the URL of the identity provider serving the email's domain",
        description:
          'Sets the sign-in state cookie; the browser then opens `url`. 404 `sso_not_configured` when no enabled provider serves the domain.',
        body: ssoStartBodySchema,
        response: { 200: ssoStartResultSchema },
      },
    },
    async (request, reply) => {
      const provider = await ssoService.providerForEmail(request.body.email);
      const headers = headersOf(request);
      headers.set('content-type', 'application/json');
      headers.delete('content-length');
      const response = await withSsoProvider(provider, () =>
        auth.handler(startRequest(publicUrl, { headers, providerId: provider.slug, email: request.body.email })),
      );
      if (!response.ok) {
        request.log.warn({ status: response.status, body: await response.text() }, 'single sign-on not started');
        throw new Error(`single sign-on start answered ${response.status}`);
      }
      const { url } = (await response.json()) as { url: string };
      forwardCookies(reply, response);
      return { url };
    },
  );
}

function registerSsoCallbackRoute(app: RouteApp, { ssoService, auth, publicUrl, limited }: SsoRouteDeps) {
  app.get(
    `${SSO_CALLBACK_PATH}/:slug`,
    {
      config: { ...limited, access: anyone },
      schema: {
        tags: ['account'],
        summary: 'Where the identity provider returns the browser; signs in and redirects into the app',
        description: `Redirects (302) to ${SIGNED_IN_PATH} signed in, or to ${SIGN_IN_PATH}?${SSO_ERROR_PARAM}=<reason>.`,
        params: ssoCallbackParamsSchema,
        querystring: ssoCallbackQuerySchema,
      },
    },
    async (request, reply) => {
      const provider = await ssoService.providerForCallback(request.params.slug);
      if (!provider) return reply.redirect(signInError('provider_unavailable'));
      const response = await withSsoProvider(provider, () =>
        auth.handler(new Request(new URL(request.url, publicUrl), { headers: headersOf(request) })),
      );
      if (response.status >= 500) request.log.error({ status: response.status }, 'single sign-on callback failed');
      forwardCookies(reply, response);
      return reply.redirect(landing(response.headers.get('location'), publicUrl));
    },
  );
}

function registerProviderListRoutes(app: RouteApp, { ssoService }: SsoRouteDeps) {
  app.get(
    '/api/admin/sso/providers',
    {
      config: { access: admin },
      schema: {
        tags: ['sso'],
        summary: 'Single sign-on providers (client secrets are never returned)',
        response: { 200: ssoProviderListSchema },
      },
    },
    async () => ssoService.list(),
  );

  app.post(
    '/api/admin/sso/providers',
    {
      config: { access: admin },
      schema: {
        tags: ['sso'],
        summary: "Add an OpenID Connect provider; its issuer's discovery document is checked first",
        body: createSsoProviderBodySchema,
        response: { 201: ssoProviderSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await ssoService.create(request.auth().user.id, request.body)),
  );
}

function registerProviderEditRoutes(app: RouteApp, { ssoService }: SsoRouteDeps) {
  app.patch(
    '/api/admin/sso/providers/:providerId',
    {
      config: { access: admin },
      schema: {
        tags: ['sso'],
        summary: 'Change a provider; an empty client secret keeps the stored one',
        params: ssoProviderParamsSchema,
        body: updateSsoProviderBodySchema,
        response: { 200: ssoProviderSchema },
      },
    },
    async (request) => ssoService.update(request.auth().user.id, request.params.providerId, request.body),
  );

  app.delete(
    '/api/admin/sso/providers/:providerId',
    {
      config: { access: admin },
      schema: {
        tags: ['sso'],
        summary: 'Delete a provider; accounts it created keep their other ways to sign in',
        params: ssoProviderParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await ssoService.remove(request.auth().user.id, request.params.providerId);
      return { ok: true as const };
    },
  );
}
