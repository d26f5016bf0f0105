import rateLimit from '@fastify/rate-limit';
import type { Role } from '@portal/shared/roles';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../errors.ts';
import { AUTH_BASE_PATH, type Auth } from '../modules/auth/auth.ts';
import type { RolesRepository } from '../modules/auth/roles.repository.ts';
import { getEffectiveRole } from '../modules/auth/roles.service.ts';

export type AuthContext = {
  user: { id: string; name: string; email: string; emailVerified: boolean; phoneNumber?: string | null };
  session: { id: string; token: string; expiresAt: Date };
};

declare module 'fastify' {
  interface FastifyInstance {
    authInstance: Auth;
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireRole: (...roles: Role[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** Loads the session once per request; null when signed out or the cookie is broken. */
    loadAuth(): Promise<AuthContext | null>;
    /** The session a `requireUser` pre-handler already loaded. */
    auth(): AuthContext;
    role(): Promise<Role>;
  }
}

/** Paths served by our own account routes instead (they apply the spec's rules). */
const WRAPPED_AUTH_PATHS = new Set([
  '/sign-up/email',
  '/sign-in/email',
  '/sign-in/phone-number',
  '/list-sessions',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/change-password',
  '/delete-user',
]);
const WRAPPED_AUTH_PREFIXES = ['/two-factor/'];

function isWrappedAuthPath(path: string) {
  return WRAPPED_AUTH_PATHS.has(path) || WRAPPED_AUTH_PREFIXES.some((prefix) => path.startsWith(prefix));
}

export const authPlugin = fp(
  async (
    app: FastifyInstance,
    {
      auth,
      rolesRepository,
      rateLimitPerMinute,
      publicUrl,
    }: { auth: Auth; rolesRepository: RolesRepository; rateLimitPerMinute: number; publicUrl: string },
  ) => {
    app.decorate('authInstance', auth);
    await app.register(rateLimit, { global: false });

    const loaded = new WeakMap<FastifyRequest, Promise<AuthContext | null>>();
    const roles = new WeakMap<FastifyRequest, Promise<Role>>();

    app.decorateRequest('loadAuth', function loadAuth(this: FastifyRequest) {
      let pending = loaded.get(this);
      if (!pending) {
        pending = auth.api
          .getSession({ headers: fromNodeHeaders(this.headers) })
          .then((result) => (result ? (result as unknown as AuthContext) : null))
          .catch((error: unknown) => {
            this.log.warn({ err: error }, 'session lookup failed');
            return null;
          });
        loaded.set(this, pending);
      }
      return pending;
    });
    const current = new WeakMap<FastifyRequest, AuthContext>();
    app.decorateRequest('auth', function authContext(this: FastifyRequest) {
      const context = current.get(this);
      if (!context) throw unauthorized();
      return context;
    });
    app.decorateRequest('role', function role(this: FastifyRequest) {
      let pending = roles.get(this);
      if (!pending) {
        pending = this.loadAuth().then((context) =>
          getEffectiveRole({ userId: context?.user.id, rolesRepository, logger: this.log }),
        );
        roles.set(this, pending);
      }
      return pending;
    });

    async function requireUser(request: FastifyRequest) {
      const context = await request.loadAuth();
      if (!context) throw unauthorized();
      current.set(request, context);
    }
    app.decorate('requireUser', requireUser);
    app.decorate('requireRole', (...allowed: Role[]) => async (request: FastifyRequest) => {
      await requireUser(request);
      if (!allowed.includes(await request.role())) throw forbidden();
    });

    app.route({
      method: ['GET', 'POST'],
      url: `${AUTH_BASE_PATH}/*`,
      config: { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } },
      schema: { hide: true },
      async handler(request, reply) {
        const url = new URL(request.url, publicUrl);
        if (isWrappedAuthPath(url.pathname.slice(AUTH_BASE_PATH.length))) {
          return reply.status(404).send({ error: { code: 'not_found', message: 'Use /api/account instead.' } });
        }
        const response = await auth.handler(
          new Request(url, {
            method: request.method,
            headers: fromNodeHeaders(request.headers),
            body: request.method === 'GET' || request.body === undefined ? undefined : JSON.stringify(request.body),
          }),
        );
        if (response.status === 404 && response.body === null) {
          return reply
            .status(404)
            .send({ error: { code: 'not_found', message: `No route for ${request.method} ${url.pathname}` } });
        }
        return sendFetchResponse(reply, response);
      },
    });
  },
  { name: 'auth' },
);

/** Copies a fetch Response (status, cookies, headers, body) onto a Fastify reply. */
export async function sendFetchResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  return reply.send(text.length > 0 ? text : null);
}
