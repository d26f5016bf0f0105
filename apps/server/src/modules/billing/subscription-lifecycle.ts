import type { LifecycleEvent } from './billing.provider.ts';
import {
  applyLifecycleEvent,
  type LifecycleOutcome,
  type LifecycleProvider,
  type SubscriptionLifecycleDeps,
} from './subscription-lifecycle-apply.ts';
import { dueSandboxEventsOf } from './subscription-lifecycle-sandbox.ts';

/**
 * Running subscriptions: what the renewal job finds due (sandbox renewals charged to the saved test card, plans that
 * end, grace periods that run out) and how renewal, failure, ending and the provider's latest state are applied,
 * each with its audit entry and mail in the user's language. Applying is idempotent per event id (the one event
 * handler stores them) and each row change is conditional on the state it expects, so a retry changes nothing twice.
 */
export function createSubscriptionLifecycle(deps: SubscriptionLifecycleDeps) {
  const { repository, prices } = deps;
  return {
    /** Applies one lifecycle event; the event handler has recorded its id before. */
    async apply(event: LifecycleEvent, provider: LifecycleProvider): Promise<LifecycleOutcome> {
      return applyLifecycleEvent(deps, event, provider);
    },

    /**
     * What the sandbox provider does at `at` for subscriptions whose period ended: free access from a coupon and a
     * plan canceled at its period end end; otherwise the saved test card is charged for the next period (with a scheduled plan change applied); a
     * declined card makes it past_due, retried on each run until the grace period ends, when the plan ends unpaid.
     */
    async dueSandboxEvents(at: Date): Promise<LifecycleEvent[]> {
      const due = await repository.dueSandboxSubscriptions(at);
      return due.flatMap((subscription) => dueSandboxEventsOf(subscription, at, prices));
    },

    /** Remembers who the user is at Stripe (from a completed Checkout Session). */
    async linkStripeCustomer(
      userId: string,
      ids: { stripeCustomerId: string; stripeSubscriptionId: string | null },
      language: string,
      at: Date,
    ) {
      await repository.linkStripeCustomer(userId, ids, language, at);
    },
  };
}
export type SubscriptionLifecycle = ReturnType<typeof createSubscriptionLifecycle>;
