import type { InterfaceLanguage } from '@portal/shared/language';
import { effectiveTier, graceEndFrom } from '@portal/shared/subscription-access';
import { hasTierAccess, type SubscriptionStatus, type Tier } from '@portal/shared/tiers';
import { AppError } from '../../errors.ts';
import type { SubscriptionRepository, SubscriptionRow } from './subscription.repository.ts';

export type CheckoutRequest = {
  tier: Tier;
  interval: 'month' | 'year';
  language: InterfaceLanguage;
  couponCode?: string | undefined;
};
type PaidCheckout = (
  userId: string,
  request: CheckoutRequest & { tier: Exclude<Tier, 'calm'> },
  context: { subscriber: boolean },
) => Promise<{ url: string } | { freeAccess: true; message: string }>;
/** Access through someone else's plan (a seat of a shared plan), asked when the user's own plan is below `us`. */
type SharedPlan = {
  statusOf: (userId: string) => Promise<SubscriptionStatus | null>;
  planChanged: (ownerId: string) => Promise<void>;
};

/** What the user's plan grants at `now`, decided by `effectiveTier`, the one access rule. */
export function toSubscriptionStatus(
  row: SubscriptionRow | undefined,
  now = new Date(),
  { cancelAtPeriodEnd = false }: { cancelAtPeriodEnd?: boolean } = {},
): SubscriptionStatus {
  const tier = effectiveTier(row && { ...row, cancelAtPeriodEnd }, now);
  const holdsPlan = Boolean(row && tier === row.tier);
  const pastDue = holdsPlan && row?.status === 'past_due' && row.tier !== 'calm';
  return {
    subscribed: tier !== null,
    subscription_tier: tier,
    current_period_end: holdsPlan && row?.currentPeriodEnd ? row.currentPeriodEnd.toISOString() : null,
    ...(pastDue && row?.currentPeriodEnd
      ? { past_due_until: (row.graceEndsAt ?? graceEndFrom(row.currentPeriodEnd)).toISOString() }
      : {}),
  };
}

/** What the billing module plugs in once at start-up; read at each call. */
type Plugs = { paidCheckout: PaidCheckout | null; sharedPlan: SharedPlan | null };

function createSubscriptionStatus({
  subscriptionRepository,
  now,
  plugs,
}: {
  subscriptionRepository: SubscriptionRepository;
  now: () => Date;
  plugs: Plugs;
}) {
  async function getOwnStatus(userId: string) {
    const found = await subscriptionRepository.findAccessByUserId(userId);
    return toSubscriptionStatus(found?.subscription, now(), { cancelAtPeriodEnd: found?.cancelAtPeriodEnd ?? false });
  }
  /**
   * The user's own plan, or the `us` access of a shared plan they are a member of when their own is lower. An access
   * check passes `atLeast`, the tier it needs: when the own plan reaches it, the shared plan could not change the
   * answer and is not looked up (one query instead of two on every request to a plan feature).
   */
  async function getStatus(userId: string, atLeast: Tier = 'us') {
    const own = await getOwnStatus(userId);
    if (!plugs.sharedPlan || hasTierAccess(own, 'us') || hasTierAccess(own, atLeast)) return own;
    return (await plugs.sharedPlan.statusOf(userId)) ?? own;
  }
  /**
   * Refuses a checkout of a paid `tier` the user already has, or while they hold another paid plan (a change of a
   * paid plan is charged from the subscription screen instead); answers the tier they hold, if any. Asked when a
   * checkout opens and again when it is paid, since another tab may have bought a plan in between.
   */
  async function refuseCheckout(userId: string, tier: Exclude<Tier, 'calm'>) {
    const current = await getStatus(userId);
    const currentTier = current.subscribed ? current.subscription_tier : null;
    if (currentTier === tier) throw new AppError('conflict', `You already have the ${tier} plan.`);
    if (currentTier && currentTier !== 'calm') {
      throw new AppError('conflict', 'You already have a paid plan; change it on the subscription screen.');
    }
    return currentTier;
  }
  return { getOwnStatus, getStatus, refuseCheckout };
}

function createSubscriptionCheckout({
  subscriptionRepository,
  status: { getStatus, refuseCheckout },
  notifyChange,
  plugs,
}: {
  subscriptionRepository: SubscriptionRepository;
  status: ReturnType<typeof createSubscriptionStatus>;
  notifyChange: (userId: string) => void;
  plugs: Plugs;
}) {
  /** The free Calm plan, at once; pushes the change to the user's open tabs. */
  async function activateFree(userId: string) {
    await subscriptionRepository.activate(userId, { tier: 'calm', provider: 'free' });
    notifyChange(userId);
  }
  async function startCheckout(userId: string, request: CheckoutRequest) {
    const { tier } = request;
    if (tier === 'calm') {
      const current = await getStatus(userId);
      if (current.subscribed && current.subscription_tier !== 'calm') {
        throw new AppError('conflict', 'You already have a higher plan.');
      }
      await activateFree(userId);
      return { freeAccess: true as const, message: 'Your free Calm plan is active.', url: null };
    }
    const currentTier = await refuseCheckout(userId, tier);
    if (!plugs.paidCheckout) throw new AppError('tier_unavailable', 'Paid plans are not available on this server.');
    const opened = await plugs.paidCheckout(userId, { ...request, tier }, { subscriber: currentTier !== null });
    if ('freeAccess' in opened) return { ...opened, url: null };
    return { freeAccess: false as const, message: 'Checkout opened.', url: opened.url };
  }
  return { activateFree, startCheckout };
}

type SubscriptionServiceDeps = {
  subscriptionRepository: SubscriptionRepository;
  onChange: (userId: string) => void;
  now?: () => Date;
};

/** A paid plan as the billing provider confirms it. */
type PaidPlan = {
  tier: Tier;
  interval: 'month' | 'year' | null;
  provider: 'sandbox' | 'stripe' | 'coupon';
  currentPeriodEnd: Date;
};

export function createSubscriptionService({
  subscriptionRepository,
  onChange,
  now = () => new Date(),
}: SubscriptionServiceDeps) {
  const plugs: Plugs = { paidCheckout: null, sharedPlan: null };
  const notifyChange = (userId: string) => {
    onChange(userId);
    void plugs.sharedPlan?.planChanged(userId);
  };
  const status = createSubscriptionStatus({ subscriptionRepository, now, plugs });
  const checkout = createSubscriptionCheckout({ subscriptionRepository, status, notifyChange, plugs });
  return {
    /** The user's plan as every access check sees it. */
    getStatus: status.getStatus,
    /** The user's own plan, without access through a shared plan. */
    getOwnStatus: status.getOwnStatus,
    /**
     * Calm is free: it activates at once without a checkout. A paid tier opens a checkout with the billing provider;
     * a tier the user already has, or a change away from a paid plan, is refused and changes nothing.
     */
    startCheckout: checkout.startCheckout,
    refuseCheckout: status.refuseCheckout,
    /** Back to free Calm, as when an admin revokes a complimentary plan. */
    activateFree: checkout.activateFree,
    /** A paid plan confirmed by the billing provider; pushes the change to the user's open tabs. */
    async activatePaid(userId: string, plan: PaidPlan) {
      const row = await subscriptionRepository.activate(userId, plan);
      notifyChange(userId);
      return toSubscriptionStatus(row, now());
    },
    /** The billing module plugs its checkout in here; without it, paid tiers answer `tier_unavailable`. */
    usePaidCheckout(start: PaidCheckout) {
      plugs.paidCheckout = start;
    },
    /** The billing module plugs shared-plan seats in here; their access then feeds every route guard. */
    useSharedPlan(plan: SharedPlan) {
      plugs.sharedPlan = plan;
    },
    /** Tells listeners (open tabs, shared-plan members) that the user's plan changed. */
    notifyChange,
  };
}
export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
