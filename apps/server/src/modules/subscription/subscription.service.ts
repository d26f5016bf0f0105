import type { SubscriptionStatus, Tier } from '@portal/shared/tiers';
import { AppError } from '../../errors.ts';
import type { SubscriptionRepository, SubscriptionRow } from './subscription.repository.ts';

export function toSubscriptionStatus(row: SubscriptionRow | undefined, now = new Date()): SubscriptionStatus {
  const active = row?.status === 'active' && (!row.currentPeriodEnd || row.currentPeriodEnd > now);
  return {
    subscribed: Boolean(active),
    subscription_tier: active && row ? row.tier : null,
    current_period_end: active && row?.currentPeriodEnd ? row.currentPeriodEnd.toISOString() : null,
  };
}

export function createSubscriptionService({
  subscriptionRepository,
  onChange,
}: {
  subscriptionRepository: SubscriptionRepository;
  onChange: (userId: string) => void;
}) {
  return {
    async getStatus(userId: string) {
      return toSubscriptionStatus(await subscriptionRepository.findByUserId(userId));
    },
    /** Calm is free: it activates at once without a checkout. Paid tiers arrive with billing. */
    async startCheckout(userId: string, tier: Tier) {
      if (tier !== 'calm') {
        throw new AppError('tier_unavailable', 'Paid plans are coming soon. Choose Calm to start learning for free.');
      }
      const current = toSubscriptionStatus(await subscriptionRepository.findByUserId(userId));
      if (current.subscribed && current.subscription_tier !== 'calm') {
        throw new AppError('conflict', 'You already have a higher plan.');
      }
      await subscriptionRepository.activate(userId, { tier: 'calm', provider: 'free' });
      onChange(userId);
      return { freeAccess: true as const, message: 'Your free Calm plan is active.', url: null };
    },
  };
}
export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
