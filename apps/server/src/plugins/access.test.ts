import { randomUUID } from 'node:crypto';
import { FEATURE_MIN_TIER, TIERS, type Tier, tierRank } from '@portal/shared/tiers';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { grantRole, type SignedIn, signUpAndConfirm, signUpSubscribed } from '../testing/factories.ts';
import { startTestApp, testTargets } from '../testing/test-app.ts';
import { accessPlugin, type RouteAccess } from './access.ts';

type Caller = { label: string; user: SignedIn | null; tier: Tier | null; staff: 'admin' | 'instructor' | null };

/** A request the route will accept as far as its path goes: every parameter a fresh id (an unknown one is fine). */
const concreteUrl = (url: string) => url.replace(/:\w+/g, () => randomUUID()).replace('*', 'get-session');

/** Whether this caller may pass the route's declaration, and if not, which status and tier the refusal names. */
function expectedDecision(access: RouteAccess, caller: Caller): { allowed: true } | { status: number; tier?: Tier } {
  if (access.role === 'anonymous') return { allowed: true };
  if (access.role === 'admin' && caller.staff !== 'admin') return { status: 403 };
  if (access.role === 'instructor' && caller.staff === null) return { status: 403 };
  if (access.feature === null) return { allowed: true };
  const tier = FEATURE_MIN_TIER[access.feature];
  if (caller.tier === null || tierRank(caller.tier) < tierRank(tier)) return { status: 402, tier };
  return { allowed: true };
}

describe.each(testTargets())('every /api route enforces its declared role and plan on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;
  const callers: Caller[] = [];

  beforeAll(async () => {
    ({ app, close } = await startTestApp(target));
    callers.push({ label: 'no plan', user: await signUpAndConfirm(app), tier: null, staff: null });
    for (const tier of TIERS) {
      callers.push({ label: `${tier} plan`, user: await signUpSubscribed(app, tier), tier, staff: null });
    }
    for (const staff of ['admin', 'instructor'] as const) {
      const user = await signUpAndConfirm(app);
      await grantRole(app, user.userId, staff);
      callers.push({ label: `${staff} without a plan`, user, tier: null, staff });
    }
  });
  afterAll(async () => {
    await close();
  });

  it('answers each caller exactly what the feature table allows, walking the registered route table', async () => {
    const routes = app.routeTable.filter((route) => route.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(100);
    const mismatches: string[] = [];
    let requests = 0;
    for (const route of routes) {
      const access = route.config?.access;
      if (!access) {
        mismatches.push(`${route.method} ${route.url} declares no access`);
        continue;
      }
      // Anonymous routes need nobody; they are called signed out, so a sign-out route cannot end a caller's session.
      const asked =
        access.role === 'anonymous' ? [{ label: 'signed out', user: null, tier: null, staff: null }] : callers;
      for (const caller of asked) {
        const response = await app.inject({
          method: route.method as 'GET',
          url: concreteUrl(route.url),
          headers: caller.user ? { cookie: caller.user.cookie } : {},
        });
        requests += 1;
        const expected = expectedDecision(access, caller);
        const where = `${route.method} ${route.url} as ${caller.label}`;
        if ('allowed' in expected) {
          // Anonymous routes may still refuse a signed-out caller themselves (400 or 401), never for want of a plan.
          const refusals = access.role === 'anonymous' ? [402] : [401, 402, 403];
          if (refusals.includes(response.statusCode))
            mismatches.push(`${where}: ${response.statusCode}, expected allowed`);
          continue;
        }
        if (response.statusCode !== expected.status) {
          mismatches.push(`${where}: ${response.statusCode}, expected ${expected.status}`);
          continue;
        }
        if (expected.status === 402) {
          const { error } = response.json();
          if (error.code !== 'subscription_required' || error.reasons?.[0] !== expected.tier) {
            mismatches.push(`${where}: ${JSON.stringify(error)}, expected subscription_required for ${expected.tier}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(requests).toBeGreaterThan(routes.length * 3);
    // Over a thousand requests through the whole app: more than one ordinary test's time on a busy machine.
  }, 180_000);

  it('a signed-in user without a plan gets 402 with the tier that unlocks the feature, and nothing changes', async () => {
    const [noPlan] = callers;
    const headers = { cookie: noPlan?.user?.cookie ?? '' };
    const goal = await app.inject({
      method: 'POST',
      url: '/api/goals',
      headers,
      payload: { kind: 'checklist', title: 'Read more', items: ['One chapter'] },
    });
    expect(goal.statusCode).toBe(402);
    expect(goal.json()).toEqual({
      error: { code: 'subscription_required', message: expect.stringContaining('calm'), reasons: ['calm'] },
    });
    const calm = callers.find((caller) => caller.tier === 'calm');
    const listed = await app.inject({
      method: 'GET',
      url: '/api/goals',
      headers: { cookie: calm?.user?.cookie ?? '' },
    });
    expect(listed.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/goals' })).statusCode).toBe(401);
  });
});

describe('route access declarations', () => {
  const bareApp = async () => {
    const app = Fastify({ logger: false });
    await app.register(accessPlugin, { subscriptionOf: async () => ({ subscribed: false }) as never });
    return app;
  };

  it('an /api route without a declaration stops the app from starting', async () => {
    const app = await bareApp();
    expect(() => app.get('/api/forgotten', async () => 'ok')).toThrow('GET /api/forgotten declares no config.access');
    await app.close();
  });

  it('an anonymous route cannot claim a plan feature, and pages outside /api need no declaration', async () => {
    const app = await bareApp();
    expect(() => app.get('/about', async () => 'ok')).not.toThrow();
    const claimsFeature = { access: { role: 'anonymous', feature: 'goals' } as never };
    expect(() => app.get('/api/odd', { config: claimsFeature }, async () => 'ok')).toThrow(
      'GET /api/odd is anonymous, so it cannot need a plan feature',
    );
    await app.close();
  });
});
