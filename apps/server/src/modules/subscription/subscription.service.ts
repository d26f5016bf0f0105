import type { InterfaceLanguage } from '@portal/shared/language';
import type { SubscriptionStatus, Tier } from '@portal/shared/tiers';
import { AppError } from '../../errors.ts';
import type { SubscriptionRepository, SubscriptionRow } from './subscription.repository.ts';

export type CheckoutRequest = { tier: Tier; interval: 'month' | 'year'; language: InterfaceLanguage };
type PaidCheckout = (
  userId: string,
  request: CheckoutRequest & { tier: Exclude<Tier, 'calm'> },
  context: { subscriber: boolean },
) => Promise<{ url: string }>;

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
  let paidCheckout: PaidCheckout | null = null;
  return {
    async getStatus(userId: string) {
      return toSubscriptionStatus(await subscriptionRepository.findByUserId(userId));
    },
    /**
     * Calm is free: it activates at once without a checkout. A paid tier opens a checkout with the billing provider;
     * a tier the user already has, or a change away from a paid plan, is refused and changes nothing.
     */
    async startCheckout(userId: string, request: CheckoutRequest) {
      const { tier } = request;
      const current = toSubscriptionStatus(await subscriptionRepository.findByUserId(userId));
      const currentTier = current.subscribed ? current.subscription_tier : null;
      if (tier === 'calm') {
        if (currentTier && currentTier !== 'calm') throw new AppError('conflict', 'You already have a higher plan.');
        await subscriptionRepository.activate(userId, { tier: 'calm', provider: 'free' });
        onChange(userId);
        return { freeAccess: true as const, message: 'Your free Calm plan is active.', url: null };
      }
      if (currentTier === tier) throw new AppError('conflict', `You already have the ${tier} plan.`);
      if (currentTier && currentTier !== 'calm') {
        throw new AppError('conflict', 'Changing a paid plan is not available yet; your current plan stays as it is.');
      }
      if (!paidCheckout) throw new AppError('tier_unavailable', 'Paid plans are not available on this server.');
      const { url } = await paidCheckout(userId, { ...request, tier }, { subscriber: currentTier !== null });
      return { freeAccess: false as const, message: 'Checkout opened.', url };
    },
    /** A paid plan confirmed by the billing provider; pushes the change to the user's open tabs. */
    async activatePaid(
      userId: string,
      plan: { tier: Tier; interval: 'month' | 'year'; provider: 'sandbox' | 'stripe'; currentPeriodEnd: Date },
    ) {
      const row = await subscriptionRepository.activate(userId, plan);
      onChange(userId);
      return toSubscriptionStatus(row);
    },
    /** The billing module plugs its checkout in here; without it, paid tiers answer `tier_unavailable`. */
    usePaidCheckout(start: PaidCheckout) {
      paidCheckout = start;
    },
  };
}
export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
