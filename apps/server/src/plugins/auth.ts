import rateLimit from '@fastify/rate-limit';
import type { Role } from '@portal/shared/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../errors.ts';
import type { Auth } from '../modules/auth/auth.ts';
import { headersOf } from '../modules/auth/call-auth.ts';
import type { RolesRepository } from '../modules/auth/roles.repository.ts';
import { getEffectiveRole } from '../modules/auth/roles.service.ts';

export type AuthContext = {
  user: { id: string; name: string; email: string; emailVerified: boolean; phoneNumber?: string | null };
  session: { id: string; token: string; expiresAt: Date };
};

declare module 'fastify' {
  interface FastifyInstance {
    authInstance: Auth;
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** Loads the session once per request; null when signed out or the cookie is broken. */
    loadAuth(): Promise<AuthContext | null>;
    /** The session the access guard (`requireUser`) already loaded for a signed-in route. */
    auth(): AuthContext;
    role(): Promise<Role>;
  }
}

export const authPlugin = fp(
  async (app: FastifyInstance, { auth, rolesRepository }: { auth: Auth; rolesRepository: RolesRepository }) => {
    app.decorate('authInstance', auth);
    await app.register(rateLimit, { global: false });

    const loaded = new WeakMap<FastifyRequest, Promise<AuthContext | null>>();
    const roles = new WeakMap<FastifyRequest, Promise<Role>>();

    app.decorateRequest('loadAuth', function loadAuth(this: FastifyRequest) {
      let pending = loaded.get(this);
      if (!pending) {
        pending = auth.api
          .getSession({ headers: headersOf(this) })
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
  },
  { name: 'auth' },
);
