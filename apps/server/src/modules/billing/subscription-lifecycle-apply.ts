import type { PlanPrices } from '@portal/shared/billing';
import { toInterfaceLanguage } from '@portal/shared/language';
import { graceEndFrom } from '@portal/shared/subscription-access';
import type { AuditService } from '../audit/audit.service.ts';
import type { Mailer } from '../mail/mail.service.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import { receiptMail } from './billing.mail.ts';
import type { LifecycleEvent, PlanEndReason } from './billing.provider.ts';
import { paymentFailedMail, planEndedMail } from './subscription-lifecycle.mail.ts';
import type { SubscriptionLifecycleRepository } from './subscription-lifecycle.repository.ts';

export type LifecycleProvider = 'sandbox' | 'stripe';
export type LifecycleOutcome = 'processed' | 'duplicate' | 'ignored';
type Row = NonNullable<Awaited<ReturnType<SubscriptionLifecycleRepository['subscriptionOf']>>>;

export type SubscriptionLifecycleDeps = {
  repository: SubscriptionLifecycleRepository;
  subscriptionService: SubscriptionService;
  auditService: AuditService;
  mailer: Mailer;
  prices: PlanPrices;
};

async function notifyUser(
  deps: SubscriptionLifecycleDeps,
  userId: string,
  mail: (language: 'en' | 'zh' | 'de') => { subject: string; text: string },
) {
  const email = await deps.repository.emailOf(userId);
  if (!email) return;
  const language = toInterfaceLanguage(await deps.repository.languageOf(userId)) ?? 'en';
  await deps.mailer.send({ channel: 'email', to: email, ...mail(language) });
}

async function auditLifecycle(
  deps: SubscriptionLifecycleDeps,
  change: { userId: string; action: string; before: Row | undefined; after: Record<string, unknown> },
) {
  const { userId, before } = change;
  await deps.auditService.recordAuditEvent({
    userId,
    action: change.action,
    tableName: 'subscriptions',
    recordId: userId,
    oldValues: before
      ? {
          subscription_tier: before.tier,
          status: before.status,
          current_period_end: before.currentPeriodEnd?.toISOString() ?? null,
        }
      : null,
    newValues: change.after,
    legalBasis: 'contract',
    purpose: 'subscription billing',
  });
}

type RenewalPaid = Extract<LifecycleEvent, { type: 'renewal.paid' }>;

/** Stores the renewal's invoice and moves the plan on; undefined invoice when it was stored before. */
async function storeRenewal(deps: SubscriptionLifecycleDeps, event: RenewalPaid, provider: LifecycleProvider) {
  const { repository } = deps;
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
  const plan = {
    tier: event.tier,
    interval: event.interval,
    periodEnd: event.periodEnd,
    stateAt: provider === 'stripe' ? event.created : null,
  };
  const renewed = await repository.renew(event.userId, plan, event.created);
  if (renewed && provider === 'sandbox') await repository.clearSchedule(event.userId, event.created);
  if (renewed) deps.subscriptionService.notifyChange(event.userId);
  return invoice;
}

async function applyRenewalPaid(deps: SubscriptionLifecycleDeps, event: RenewalPaid, provider: LifecycleProvider) {
  const before = await deps.repository.subscriptionOf(event.userId);
  if (!before) return 'ignored' as const;
  const invoice = await storeRenewal(deps, event, provider);
  if (!invoice) return 'duplicate' as const;
  const { tier, interval, amount, currency, periodEnd, invoiceId } = event;
  await auditLifecycle(deps, {
    userId: event.userId,
    action: 'subscription.renewed',
    before,
    after: {
      subscription_tier: tier,
      status: 'active',
      interval,
      current_period_end: periodEnd.toISOString(),
      invoice_id: invoiceId,
      amount,
      currency,
      provider,
    },
  });
  await notifyUser(deps, event.userId, (language) =>
    receiptMail(language, { tier, interval, amount, currency, periodEnd, invoiceId, sandbox: provider === 'sandbox' }),
  );
  return 'processed' as const;
}

/** An event about a Stripe subscription the user no longer has (they subscribed again since) changes nothing. */
async function isFormerSubscription(
  deps: SubscriptionLifecycleDeps,
  userId: string,
  stripeSubscriptionId: string | undefined,
) {
  if (!stripeSubscriptionId) return false;
  const current = (await deps.repository.customerOf(userId))?.stripeSubscriptionId;
  return Boolean(current && current !== stripeSubscriptionId);
}

async function applyPastDue(
  deps: SubscriptionLifecycleDeps,
  change: { userId: string; graceEndsAt: Date; at: Date; provider: LifecycleProvider },
) {
  const { userId, graceEndsAt, provider } = change;
  const before = await deps.repository.subscriptionOf(userId);
  const moved = await deps.repository.markPastDue(userId, graceEndsAt, change.at);
  if (!moved) return 'ignored' as const;
  deps.subscriptionService.notifyChange(userId);
  await auditLifecycle(deps, {
    userId,
    action: 'subscription.payment_failed',
    before,
    after: { subscription_tier: moved.tier, status: 'past_due', grace_ends_at: graceEndsAt.toISOString(), provider },
  });
  await notifyUser(deps, userId, (language) => paymentFailedMail(language, { tier: moved.tier, graceEndsAt }));
  return 'processed' as const;
}

async function applyEnded(
  deps: SubscriptionLifecycleDeps,
  change: { userId: string; reason: PlanEndReason; at: Date; provider: LifecycleProvider },
) {
  const { userId, reason, at, provider } = change;
  const before = await deps.repository.subscriptionOf(userId);
  const row = await deps.repository.end(userId, at);
  await deps.repository.clearSchedule(userId, at);
  if (!row) return 'ignored' as const;
  deps.subscriptionService.notifyChange(userId);
  await auditLifecycle(deps, {
    userId,
    action: reason === 'unpaid' ? 'subscription.downgraded' : 'subscription.expired',
    before,
    after: { subscription_tier: 'calm', status: 'expired', reason, provider },
  });
  await notifyUser(deps, userId, (language) => planEndedMail(language, { tier: row.tier, reason }));
  return 'processed' as const;
}

async function applySynced(
  deps: SubscriptionLifecycleDeps,
  event: Extract<LifecycleEvent, { type: 'subscription.synced' }>,
  provider: LifecycleProvider,
) {
  const { repository } = deps;
  const { state, userId, created } = event;
  const before = await repository.subscriptionOf(userId);
  // Only a plan Stripe keeps follows Stripe's state; a newer state stored already wins over this one.
  if (before?.provider !== provider) return 'ignored' as const;
  if (await isFormerSubscription(deps, userId, event.stripeSubscriptionId)) return 'ignored' as const;
  if (before.providerStateAt && before.providerStateAt > created) return 'ignored' as const;
  await repository.storeCancelAtPeriodEnd(userId, state.cancelAtPeriodEnd, created);
  if (state.status === 'canceled' || state.status === 'expired') {
    return applyEnded(deps, { userId, reason: 'canceled', at: created, provider });
  }
  const failedNow = state.status === 'past_due' && before.status !== 'past_due';
  // A renewal that just failed moves to past_due through `applyPastDue`, which also mails and audits it.
  const status = failedNow ? 'active' : state.status;
  const { tier, interval, currentPeriodEnd } = state;
  const stored = await repository.storeProviderState(userId, { tier, interval, currentPeriodEnd, status }, created);
  if (!stored) return 'ignored' as const;
  if (failedNow) return applyPastDue(deps, { userId, graceEndsAt: graceEndFrom(created), at: created, provider });
  deps.subscriptionService.notifyChange(userId);
  return 'processed' as const;
}

/** Applies one lifecycle event; the event handler has recorded its id before. */
export async function applyLifecycleEvent(
  deps: SubscriptionLifecycleDeps,
  event: LifecycleEvent,
  provider: LifecycleProvider,
): Promise<LifecycleOutcome> {
  switch (event.type) {
    case 'renewal.paid':
      return applyRenewalPaid(deps, event, provider);
    case 'renewal.failed':
      if (await isFormerSubscription(deps, event.userId, event.stripeSubscriptionId)) return 'ignored';
      return applyPastDue(deps, {
        userId: event.userId,
        graceEndsAt: graceEndFrom(event.periodEnd),
        at: event.created,
        provider,
      });
    case 'subscription.ended':
      return applyEnded(deps, { userId: event.userId, reason: event.reason, at: event.created, provider });
    case 'subscription.synced':
      return applySynced(deps, event, provider);
  }
}
