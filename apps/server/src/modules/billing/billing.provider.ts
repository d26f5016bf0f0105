import type { PaidTier } from '@portal/shared/billing';
import type { SubscriptionState } from '@portal/shared/subscription-access';
import type { CheckoutSessionRow } from './billing.repository.ts';

/**
 * A provider event in the shape the one event handler reads. A Stripe webhook maps its payload to this (the session
 * id travels in the Checkout Session's metadata); the sandbox emits it when its page is paid.
 */
export type BillingEvent =
  | {
      id: string;
      type: 'checkout.session.completed';
      created: Date;
      sessionId: string;
      /** Who the user is at Stripe, so later webhooks naming only these ids find the user. */
      customer?: { stripeCustomerId: string; stripeSubscriptionId: string | null };
    }
  | {
      id: string;
      type: 'invoice.paid';
      created: Date;
      sessionId: string;
      invoiceId: string;
      amount: number;
      currency: string;
      periodStart: Date;
      periodEnd: Date;
    }
  | LifecycleEvent;

/** The state of a subscription as the provider holds it now (Stripe: read back from the API, never from the payload). */
export type ProviderSubscriptionState = {
  status: SubscriptionState;
  tier: PaidTier;
  interval: 'month' | 'year';
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
};

/** Why a plan ended: canceled at its period end, a renewal unpaid after the grace period, or free access run out. */
export type PlanEndReason = 'canceled' | 'unpaid' | 'free_access';

/** What happens to a running subscription: renewals paid or failed, plans that end, the provider's latest state. */
export type LifecycleEvent =
  | {
      id: string;
      type: 'renewal.paid';
      created: Date;
      userId: string;
      invoiceId: string;
      tier: PaidTier;
      interval: 'month' | 'year';
      amount: number;
      currency: string;
      periodStart: Date;
      periodEnd: Date;
    }
  | {
      id: string;
      type: 'renewal.failed';
      created: Date;
      userId: string;
      periodEnd: Date;
      stripeSubscriptionId?: string;
    }
  | { id: string; type: 'subscription.ended'; created: Date; userId: string; reason: PlanEndReason }
  | {
      id: string;
      type: 'subscription.synced';
      created: Date;
      userId: string;
      state: ProviderSubscriptionState;
      /** The Stripe subscription this state is of; a former subscription of the user changes nothing. */
      stripeSubscriptionId: string;
    };

/** Where payments happen: the built-in sandbox now, Stripe Checkout behind the same calls later. */
export interface BillingProvider {
  readonly name: 'sandbox' | 'stripe';
  /**
   * Opens the provider's checkout for a stored session and answers where the browser goes to pay, with the provider's
   * own id of that checkout when it has one (Stripe's Checkout Session).
   */
  createCheckout(session: CheckoutSessionRow): Promise<{ url: string; providerSessionId?: string }>;
  /**
   * Ends checkouts at the provider that were replaced here, so none of them can be paid any more (a checkout that
   * ended or was paid meanwhile is left as it is). A provider whose pages read our sessions has none.
   */
  expireCheckouts?(providerSessionIds: string[]): Promise<void>;
  /**
   * Moves the user's subscription to the plan of `charge` at once and charges `charge.amount` (the prorated
   * difference) for the period given. Answers the events to handle now; a provider with webhooks answers none.
   */
  changeSubscription(charge: CheckoutSessionRow, period: { start: Date; end: Date }): Promise<BillingEvent[]>;
  /** Records at the provider what happens at period end: a cancellation, a scheduled plan, or neither. */
  schedulePeriodEnd(
    userId: string,
    change: { cancel: boolean; next: { tier: CheckoutSessionRow['tier']; interval: 'month' | 'year' } | null },
  ): Promise<void>;
  /** Where the user changes the payment method (the provider's customer portal). */
  createPortal(userId: string, returnPath: string): Promise<{ url: string }>;
}

/** The end of the period a payment made at `start` covers. */
export function periodEndFrom(start: Date, interval: 'month' | 'year'): Date {
  const end = new Date(start);
  if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}
