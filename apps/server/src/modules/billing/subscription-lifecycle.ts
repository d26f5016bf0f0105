import { type PaidTier, type PlanPrices, SANDBOX_CARDS } from '@portal/shared/billing';
import { toInterfaceLanguage } from '@portal/shared/language';
import { graceEndFrom } from '@portal/shared/subscription-access';
import type { AuditService } from '../audit/audit.service.ts';
import type { Mailer } from '../mail/mail.service.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import { receiptMail } from './billing.mail.ts';
import { type LifecycleEvent, type PlanEndReason, periodEndFrom } from './billing.provider.ts';
import { paymentFailedMail, planEndedMail } from './subscription-lifecycle.mail.ts';
import type { SubscriptionLifecycleRepository } from './subscription-lifecycle.repository.ts';

type Provider = 'sandbox' | 'stripe';
type Outcome = 'processed' | 'duplicate' | 'ignored';
type Row = NonNullable<Awaited<ReturnType<SubscriptionLifecycleRepository['subscriptionOf']>>>;

/** Saved test cards whose renewal charge is declined. */
const DECLINING_LAST4 = new Set([SANDBOX_CARDS.declined.slice(-4), SANDBOX_CARDS.declinesLater.slice(-4)]);

/**
 * Running subscriptions: what the renewal job finds due (sandbox renewals charged to the saved test card, plans that
 * end, grace periods that run out) and how renewal, failure, ending and the provider's latest state are applied,
 * each with its audit entry and mail in the user's language. Applying is idempotent per event id (the one event
 * handler stores them) and each row change is conditional on the state it expects, so a retry changes nothing twice.
 */
export function createSubscriptionLifecycle({
  repository,
  subscriptionService,
  auditService,
  mailer,
  prices,
}: {
  repository: SubscriptionLifecycleRepository;
  subscriptionService: SubscriptionService;
  auditService: AuditService;
  mailer: Mailer;
  prices: PlanPrices;
}) {
  async function notify(userId: string, mail: (language: 'en' | 'zh' | 'de') => { subject: string; text: string }) {
    const email = await repository.emailOf(userId);
    if (!email) return;
    const language = toInterfaceLanguage(await repository.languageOf(userId)) ?? 'en';
    await mailer.send({ channel: 'email', to: email, ...mail(language) });
  }

  async function audit(userId: string, action: string, before: Row | undefined, after: Record<string, unknown>) {
    await auditService.recordAuditEvent({
      userId,
      action,
      tableName: 'subscriptions',
      recordId: userId,
      oldValues: before
        ? {
            subscription_tier: before.tier,
            status: before.status,
            current_period_end: before.currentPeriodEnd?.toISOString() ?? null,
          }
        : null,
      newValues: after,
      legalBasis: 'contract',
      purpose: 'subscription billing',
    });
  }

  async function renewalPaid(event: Extract<LifecycleEvent, { type: 'renewal.paid' }>, provider: Provider) {
    const before = await repository.subscriptionOf(event.userId);
    if (!before) return 'ignored' as const;
    const invoice = await repository.insertInvoice({
      id: event.invoiceId,
      userId: event.userId,
      sessionId: null,
      provider,
      tier: event.tier,
      interval: event.interval,
      amount: event.amount,
      currency: event.currency,
      periodStart: event.periodStart,
      periodEnd: event.periodEnd,
      paidAt: event.created,
    });
    const renewed = await repository.renew(
      event.userId,
      {
        tier: event.tier,
        interval: event.interval,
        periodEnd: event.periodEnd,
        stateAt: provider === 'stripe' ? event.created : null,
      },
      event.created,
    );
    if (renewed && provider === 'sandbox') await repository.clearSchedule(event.userId, event.created);
    if (renewed) subscriptionService.notifyChange(event.userId);
    if (!invoice) return 'duplicate' as const;
    await audit(event.userId, 'subscription.renewed', before, {
      subscription_tier: event.tier,
      status: 'active',
      interval: event.interval,
      current_period_end: event.periodEnd.toISOString(),
      invoice_id: event.invoiceId,
      amount: event.amount,
      currency: event.currency,
      provider,
    });
    await notify(event.userId, (language) =>
      receiptMail(language, {
        tier: event.tier,
        interval: event.interval,
        amount: event.amount,
        currency: event.currency,
        periodEnd: event.periodEnd,
        invoiceId: event.invoiceId,
        sandbox: provider === 'sandbox',
      }),
    );
    return 'processed' as const;
  }

  /** An event about a Stripe subscription the user no longer has (they subscribed again since) changes nothing. */
  async function isFormerSubscription(userId: string, stripeSubscriptionId: string | undefined) {
    if (!stripeSubscriptionId) return false;
    const current = (await repository.customerOf(userId))?.stripeSubscriptionId;
    return Boolean(current && current !== stripeSubscriptionId);
  }

  async function pastDue(userId: string, graceEndsAt: Date, at: Date, provider: Provider) {
    const before = await repository.subscriptionOf(userId);
    const moved = await repository.markPastDue(userId, graceEndsAt, at);
    if (!moved) return 'ignored' as const;
    subscriptionService.notifyChange(userId);
    await audit(userId, 'subscription.payment_failed', before, {
      subscription_tier: moved.tier,
      status: 'past_due',
      grace_ends_at: graceEndsAt.toISOString(),
      provider,
    });
    await notify(userId, (language) => paymentFailedMail(language, { tier: moved.tier, graceEndsAt }));
    return 'processed' as const;
  }

  async function ended(userId: string, reason: PlanEndReason, at: Date, provider: Provider) {
    const before = await repository.subscriptionOf(userId);
    const row = await repository.end(userId, at);
    await repository.clearSchedule(userId, at);
    if (!row) return 'ignored' as const;
    subscriptionService.notifyChange(userId);
    await audit(userId, reason === 'unpaid' ? 'subscription.downgraded' : 'subscription.expired', before, {
      subscription_tier: 'calm',
      status: 'expired',
      reason,
      provider,
    });
    await notify(userId, (language) => planEndedMail(language, { tier: row.tier, reason }));
    return 'processed' as const;
  }

  async function synced(event: Extract<LifecycleEvent, { type: 'subscription.synced' }>, provider: Provider) {
    const { state, userId, created } = event;
    const before = await repository.subscriptionOf(userId);
    // Only a plan Stripe keeps follows Stripe's state; a newer state stored already wins over this one.
    if (before?.provider !== provider) return 'ignored' as const;
    if (await isFormerSubscription(userId, event.stripeSubscriptionId)) return 'ignored' as const;
    if (before.providerStateAt && before.providerStateAt > created) return 'ignored' as const;
    await repository.storeCancelAtPeriodEnd(userId, state.cancelAtPeriodEnd, created);
    if (state.status === 'canceled' || state.status === 'expired') return ended(userId, 'canceled', created, provider);
    const wasPastDue = before.status === 'past_due';
    const failedNow = state.status === 'past_due' && !wasPastDue;
    // A renewal that just failed moves to past_due through `pastDue`, which also mails and audits it.
    const stored = await repository.storeProviderState(
      userId,
      {
        tier: state.tier,
        interval: state.interval,
        currentPeriodEnd: state.currentPeriodEnd,
        status: failedNow ? 'active' : state.status,
      },
      created,
    );
    if (!stored) return 'ignored' as const;
    if (failedNow) return pastDue(userId, graceEndFrom(created), created, provider);
    subscriptionService.notifyChange(userId);
    return 'processed' as const;
  }

  return {
    /** Applies one lifecycle event; the event handler has recorded its id before. */
    async apply(event: LifecycleEvent, provider: Provider): Promise<Outcome> {
      switch (event.type) {
        case 'renewal.paid':
          return renewalPaid(event, provider);
        case 'renewal.failed':
          if (await isFormerSubscription(event.userId, event.stripeSubscriptionId)) return 'ignored';
          return pastDue(event.userId, graceEndFrom(event.periodEnd), event.created, provider);
        case 'subscription.ended':
          return ended(event.userId, event.reason, event.created, provider);
        case 'subscription.synced':
          return synced(event, provider);
      }
    },

    /**
     * What the sandbox provider does at `at` for subscriptions whose period ended: free access from a coupon and a
     * plan canceled at its period end end; otherwise the saved test card is charged for the next period (with a scheduled plan change applied); a
     * declined card makes it past_due, retried on each run until the grace period ends, when the plan ends unpaid.
     */
    async dueSandboxEvents(at: Date): Promise<LifecycleEvent[]> {
      const due = await repository.dueSandboxSubscriptions(at);
      return due.flatMap(({ subscription, cancelAtPeriodEnd, nextTier, nextInterval, cardLast4 }): LifecycleEvent[] => {
        const { userId, currentPeriodEnd, tier } = subscription;
        if (!currentPeriodEnd || tier === 'calm') return [];
        const key = `${userId}_${currentPeriodEnd.getTime()}`;
        // Free access from a coupon has no card to charge: it ends when its days are over.
        if (subscription.provider === 'coupon') {
          return [{ id: `evt_ended_${key}`, type: 'subscription.ended', created: at, userId, reason: 'free_access' }];
        }
        if (cancelAtPeriodEnd || subscription.status === 'canceled') {
          return [{ id: `evt_ended_${key}`, type: 'subscription.ended', created: at, userId, reason: 'canceled' }];
        }
        const pastDue = subscription.status === 'past_due';
        if (pastDue && (subscription.graceEndsAt ?? graceEndFrom(currentPeriodEnd)) <= at) {
          return [{ id: `evt_ended_${key}`, type: 'subscription.ended', created: at, userId, reason: 'unpaid' }];
        }
        if (cardLast4 && DECLINING_LAST4.has(cardLast4)) {
          if (pastDue) return [];
          return [
            {
              id: `evt_renewal_failed_${key}`,
              type: 'renewal.failed',
              created: at,
              userId,
              periodEnd: currentPeriodEnd,
            },
          ];
        }
        const next: PaidTier = nextTier ?? tier;
        const interval = nextInterval ?? subscription.interval ?? 'month';
        const price = prices[next][interval];
        return [
          {
            id: `evt_renewal_${key}`,
            type: 'renewal.paid',
            created: at,
            userId,
            invoiceId: `in_renewal_${key}`,
            tier: next,
            interval,
            amount: price.amount,
            currency: price.currency,
            periodStart: currentPeriodEnd,
            periodEnd: periodEndFrom(currentPeriodEnd, interval),
          },
        ];
      });
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
