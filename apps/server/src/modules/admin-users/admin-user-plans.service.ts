import type { GrantTierBody } from '@portal/shared/admin-users';
import { effectiveTier } from '@portal/shared/subscription-access';
import { AppError } from '../../errors.ts';
import { type AdminUserSteps, DAY_MS, iso, refused } from './admin-users.common.ts';
import type { AdminUsersDeps } from './admin-users.service.ts';

const MAX_GRANT_DAYS = 5 * 366;
const PAID_PROVIDERS = new Set(['sandbox', 'stripe']);

/** The end of the `until` day (UTC); refused when past or more than five years away. */
function grantEnd(until: string, at: Date): Date {
  const end = new Date(`${until}T23:59:59.999Z`);
  if (end <= at || end.getTime() - at.getTime() > MAX_GRANT_DAYS * DAY_MS) {
    throw new AppError('validation_failed', 'Choose an end date in the future, at most five years from today.');
  }
  return end;
}

type PlanDeps = Pick<AdminUsersDeps, 'repository' | 'subscriptionService' | 'now'> & {
  steps: AdminUserSteps;
};

/** A complimentary plan of `tier` until the end of the `until` day (UTC), through the same path as a coupon. */
async function grantComplimentaryTier(
  { repository, subscriptionService, now, steps: { existingUser, audit } }: PlanDeps,
  adminId: string,
  userId: string,
  { tier, until }: GrantTierBody,
) {
  await existingUser(userId);
  const at = now();
  const end = grantEnd(until, at);
  const current = await repository.subscriptionOf(userId);
  const currentTier = effectiveTier(current, at);
  if (current && PAID_PROVIDERS.has(current.provider) && currentTier && currentTier !== 'calm') {
    throw refused('paid_plan_active', 'This user pays for a plan; a complimentary plan would replace it.');
  }
  const same = current?.provider === 'coupon' && current.tier === tier;
  if (same && current.currentPeriodEnd?.getTime() === end.getTime()) return { ok: true as const, changed: false };
  await subscriptionService.activatePaid(userId, {
    tier,
    interval: null,
    provider: 'coupon',
    currentPeriodEnd: end,
  });
  const before = {
    subscription_tier: currentTier,
    current_period_end: current?.currentPeriodEnd ? iso(current.currentPeriodEnd) : null,
  };
  const after = { subscription_tier: tier, current_period_end: end.toISOString(), complimentary: true };
  await audit(adminId, userId, 'admin_user.tier_grant', before, after);
  return { ok: true as const, changed: true };
}

/** Complimentary plans an admin grants and revokes, through the same path as a coupon. */
export function createAdminUserPlans(deps: PlanDeps) {
  const {
    repository,
    subscriptionService,
    now,
    steps: { existingUser, audit },
  } = deps;
  return {
    /** A complimentary plan of `tier` until the end of the `until` day (UTC), through the same path as a coupon. */
    grantTier: (adminId: string, userId: string, body: GrantTierBody) =>
      grantComplimentaryTier(deps, adminId, userId, body),
    async revokeTier(adminId: string, userId: string) {
      await existingUser(userId);
      const current = await repository.subscriptionOf(userId);
      const currentTier = effectiveTier(current, now());
      if (current && current.provider !== 'coupon' && current.provider !== 'free' && currentTier !== 'calm') {
        throw refused('no_complimentary_plan', 'This user has no complimentary plan to revoke.');
      }
      if (current?.provider !== 'coupon' || currentTier === 'calm') return { ok: true as const, changed: false };
      await subscriptionService.activateFree(userId);
      const before = {
        subscription_tier: currentTier,
        current_period_end: current.currentPeriodEnd ? iso(current.currentPeriodEnd) : null,
      };
      await audit(adminId, userId, 'admin_user.tier_revoke', before, { subscription_tier: 'calm' });
      return { ok: true as const, changed: true };
    },
  };
}
