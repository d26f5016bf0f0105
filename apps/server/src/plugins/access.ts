import type { Role } from '@portal/shared/roles';
import {
  FEATURE_MIN_TIER,
  type Feature,
  hasTierAccess,
  type SubscriptionStatus,
  type Tier,
} from '@portal/shared/tiers';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../errors.ts';
import { subscriptionRequired } from '../modules/subscription/subscription.errors.ts';

/** Who may call a route: anyone, any signed-in user, instructors and admins, or admins only. */
export const ACCESS_ROLES = ['anonymous', 'user', 'instructor', 'admin'] as const;
export type AccessRole = (typeof ACCESS_ROLES)[number];

/**
 * What every /api route declares in `config.access`: the role it needs and the plan feature it serves (its tier is
 * FEATURE_MIN_TIER[feature]); `feature: null` keeps it reachable without a plan. Anonymous routes serve no feature.
 */
export type RouteAccess =
  | { role: 'anonymous'; feature: null }
  | { role: Exclude<AccessRole, 'anonymous'>; feature: Feature | null };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

const isApiUrl = (url: string) => url === '/api' || url.startsWith('/api/');

/** Why a route's declaration is missing or malformed, or null when it is sound. */
function declarationProblem(access: unknown): string | null {
  if (!access || typeof access !== 'object') return 'declares no config.access { role, feature }';
  const { role, feature } = access as { role?: unknown; feature?: unknown };
  if (!ACCESS_ROLES.includes(role as AccessRole)) return `declares an unknown role ${String(role)}`;
  if (feature !== null && !Object.hasOwn(FEATURE_MIN_TIER, String(feature))) {
    return `declares an unknown feature ${String(feature)}`;
  }
  if (role === 'anonymous' && feature !== null) return 'is anonymous, so it cannot need a plan feature';
  return null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The plan the access check read for this route's feature (undefined on routes without one): it proves access to
     * any tier it reaches, so a handler asking about such a tier need not read it again.
     */
    checkedPlan(): SubscriptionStatus | undefined;
  }
}

/**
 * Enforces each /api route's declared access before anything else runs for it: 401 when signed out, 403 for the
 * wrong role, 402 `subscription_required` when the user's plan does not include the feature. An /api route without
 * a sound declaration stops the app from starting.
 */
export const accessPlugin = fp(
  async (
    app: FastifyInstance,
    {
      subscriptionOf,
    }: {
      /** The user's plan as far as it decides access to `atLeast` (a shared plan may be skipped when it cannot). */
      subscriptionOf: (userId: string, atLeast: Tier) => Promise<SubscriptionStatus>;
    },
  ) => {
    app.addHook('onRoute', (route: RouteOptions) => {
      if (!isApiUrl(route.url)) return;
      const problem = declarationProblem(route.config?.access);
      if (problem) throw new Error(`${String(route.method)} ${route.url} ${problem}`);
    });

    const admitted: Record<'instructor' | 'admin', readonly Role[]> = {
      instructor: ['admin', 'instructor'],
      admin: ['admin'],
    };

    const checked = new WeakMap<FastifyRequest, SubscriptionStatus>();
    app.decorateRequest('checkedPlan', function checkedPlan(this: FastifyRequest) {
      return checked.get(this);
    });

    async function enforce(request: FastifyRequest, access: RouteAccess) {
      if (access.role === 'anonymous') return;
      await app.requireUser(request);
      if (access.role !== 'user' && !admitted[access.role].includes(await request.role())) throw forbidden();
      if (access.feature === null) return;
      const tier = FEATURE_MIN_TIER[access.feature];
      const status = await subscriptionOf(request.auth().user.id, tier);
      checked.set(request, status);
      if (!status.subscribed) throw subscriptionRequired(tier, `Choose a plan to use this (${tier} or higher).`);
      if (!hasTierAccess(status, tier)) throw subscriptionRequired(tier);
    }

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (access) await enforce(request, access);
    });
  },
  { name: 'access' },
);
