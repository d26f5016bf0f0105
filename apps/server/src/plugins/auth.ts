import rateLimit from '@fastify/rate-limit';
import type { Role } from '@portal/shared/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { unauthorized } from '../errors.ts';
import type { Auth } from '../modules/auth/auth.ts';
import { headersOf } from '../modules/auth/call-auth.ts';
import { getEffectiveRole, type KeptRoles } from '../modules/auth/roles.service.ts';
import { createSessionCache, type SessionCache, sessionKeyOf } from '../modules/auth/session-cache.ts';
import { postgresRateLimitStore } from './rate-limit-store.ts';

export type AuthContext = {
  user: { id: string; name: string; email: string; emailVerified: boolean; phoneNumber?: string | null };
  session: { id: string; token: string; expiresAt: Date };
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route never changes the signed-in user, their sessions or their roles (it records learning: progress, XP,
     * runtime data), so its writes leave the cached session in place; any other write drops it (see onSend below).
     */
    keepsSession?: true;
  }
  interface FastifyInstance {
    authInstance: Auth;
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** Drops this instance's cached sessions and roles of the user at once (the database tells the other instances). */
    forgetSessionsOf: (userId: string) => void;
    /**
     * Calls `listener` with the user's id before the answer to each write (any method but GET and HEAD) by a signed-in
     * user leaves, so what this instance keeps of the user can be dropped at once. Hooks added to the app later would
     * miss the routes of modules registered before them; this one is in place before every module.
     */
    onWriteBy: (listener: (userId: string) => void) => void;
  }
  interface FastifyRequest {
    /** Loads the session once per request; null when signed out or the cookie is broken. */
    loadAuth(): Promise<AuthContext | null>;
    /** The session the access guard (`requireUser`) already loaded for a signed-in route. */
    auth(): AuthContext;
    role(): Promise<Role>;
  }
}

/** What one request keeps of its session and role, and the session cache shared by all requests. */
type RequestAuthState = {
  cache: SessionCache<AuthContext>;
  loaded: WeakMap<FastifyRequest, Promise<AuthContext | null>>;
  roles: WeakMap<FastifyRequest, Promise<Role>>;
  /** The session of a signed-in route, set by the access guard. */
  current: WeakMap<FastifyRequest, AuthContext>;
};

const keyOf = (request: FastifyRequest) =>
  sessionKeyOf({ cookie: request.headers.cookie, authorization: request.headers.authorization });

function lookUpSession(
  { auth, cache }: { auth: Auth; cache: SessionCache<AuthContext> },
  request: FastifyRequest,
  key: string | undefined,
) {
  const ticket = cache.ticket();
  return auth.api
    .getSession({ headers: headersOf(request) })
    .then((result) => {
      const context = result ? (result as unknown as AuthContext) : null;
      if (context && key) cache.set(key, context, ticket);
      return context;
    })
    .catch((error: unknown) => {
      request.log.warn({ err: error }, 'session lookup failed');
      return null;
    });
}

function decorateWriteWatch(app: FastifyInstance, { cache, loaded, current }: RequestAuthState) {
  const writeListeners: ((userId: string) => void)[] = [];
  app.decorate('onWriteBy', (listener: (userId: string) => void) => {
    writeListeners.push(listener);
  });
  app.addHook('onSend', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const writer = current.get(request)?.user.id;
    if (writer) for (const listener of writeListeners) listener(writer);
    if (request.routeOptions.config?.keepsSession) return;
    const pending = loaded.get(request);
    const context = pending ? await pending : null;
    if (context) cache.drop({ u: context.user.id });
  });
}

function decorateRequestAuth(
  app: FastifyInstance,
  { auth, rolesRepository, state }: { auth: Auth; rolesRepository: KeptRoles; state: RequestAuthState },
) {
  const { cache, loaded, roles, current } = state;
  app.decorateRequest('loadAuth', function loadAuth(this: FastifyRequest) {
    let pending = loaded.get(this);
    if (!pending) {
      const key = keyOf(this);
      const cached = key ? cache.get(key) : undefined;
      pending = cached ? Promise.resolve(cached) : lookUpSession({ auth, cache }, this, key);
      loaded.set(this, pending);
    }
    return pending;
  });
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
}

export const authPlugin = fp(
  async (
    app: FastifyInstance,
    { auth, roles: rolesRepository, database }: { auth: Auth; roles: KeptRoles; database: Database },
  ) => {
    app.decorate('authInstance', auth);
    // Counted in the database, so a limit holds across every instance behind the load balancer.
    await app.register(rateLimit, { global: false, store: postgresRateLimitStore(database.db) });

    const cache = createSessionCache<AuthContext>();
    const state: RequestAuthState = { cache, loaded: new WeakMap(), roles: new WeakMap(), current: new WeakMap() };
    await cache.start(database);
    app.addHook('onClose', () => cache.stop());

    // What a user changes through this instance (signing out, a new password, their profile) shows on their very
    // next request here; other instances hear of it from the database's notice within milliseconds.
    app.decorate('forgetSessionsOf', (userId: string) => {
      cache.drop({ u: userId });
      rolesRepository.forget(userId);
    });
    decorateWriteWatch(app, state);
    decorateRequestAuth(app, { auth, rolesRepository, state });

    async function requireUser(request: FastifyRequest) {
      const context = await request.loadAuth();
      if (!context) throw unauthorized();
      state.current.set(request, context);
    }
    app.decorate('requireUser', requireUser);
  },
  { name: 'auth' },
);
