import { toInterfaceLanguage } from '@portal/shared/language';
import type { AuditService } from '../audit/audit.service.ts';
import type { Mailer } from '../mail/mail.service.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import { receiptMail } from './billing.mail.ts';
import type { BillingEvent } from './billing.provider.ts';
import type { BillingRepository } from './billing.repository.ts';
import type { SubscriptionLifecycle } from './subscription-lifecycle.ts';

export type EventOutcome = 'processed' | 'duplicate' | 'ignored';

export type BillingEventDeps = {
  repository: BillingRepository;
  subscriptionService: SubscriptionService;
  auditService: AuditService;
  mailer: Mailer;
  /** Renewals, failed payments, plans that end and the provider's latest state. */
  lifecycle: SubscriptionLifecycle;
};

type Session = NonNullable<Awaited<ReturnType<BillingRepository['findSession']>>>;
type Invoice = NonNullable<Awaited<ReturnType<BillingRepository['invoiceOfSession']>>>;
type PlanStatus = Awaited<ReturnType<SubscriptionService['getStatus']>>;

/** Grants the paid plan unless a longer period of the same tier is granted already; answers the status before. */
async function grantPaidPlan(deps: BillingEventDeps, session: Session, invoice: Invoice) {
  const current = await deps.subscriptionService.getStatus(session.userId);
  const longerAlready =
    current.subscription_tier === session.tier &&
    current.current_period_end !== null &&
    new Date(current.current_period_end) >= invoice.periodEnd;
  if (!longerAlready) {
    await deps.subscriptionService.activatePaid(session.userId, {
      tier: session.tier,
      interval: session.interval,
      provider: session.provider,
      currentPeriodEnd: invoice.periodEnd,
    });
  }
  return current;
}

async function auditActivation(
  deps: BillingEventDeps,
  activation: { session: Session; invoice: Invoice; before: PlanStatus },
) {
  const { session, invoice, before } = activation;
  await deps.auditService.recordAuditEvent({
    userId: session.userId,
    action: 'subscription.activated',
    tableName: 'subscriptions',
    recordId: session.userId,
    oldValues: { subscription_tier: before.subscription_tier, current_period_end: before.current_period_end },
    newValues: {
      subscription_tier: session.tier,
      interval: session.interval,
      current_period_end: invoice.periodEnd.toISOString(),
      invoice_id: invoice.id,
      amount: invoice.amount,
      currency: invoice.currency,
      provider: session.provider,
    },
    legalBasis: 'contract',
    purpose: 'subscription billing',
  });
}

async function mailReceipt(deps: BillingEventDeps, session: Session, invoice: Invoice) {
  const email = await deps.repository.emailOf(session.userId);
  if (!email) return;
  const mail = receiptMail(toInterfaceLanguage(session.language) ?? 'en', {
    tier: session.tier,
    interval: session.interval,
    amount: invoice.amount,
    currency: invoice.currency,
    periodEnd: invoice.periodEnd,
    invoiceId: invoice.id,
    sandbox: session.provider === 'sandbox',
  });
  await deps.mailer.send({ channel: 'email', to: email, ...mail });
}

async function applyInvoicePaid(deps: BillingEventDeps, event: Extract<BillingEvent, { type: 'invoice.paid' }>) {
  const { repository } = deps;
  const session = await repository.findSession(event.sessionId);
  if (!session) return 'ignored' as const;
  await repository.closeOpenSession(session.id, 'completed', event.created);
  const inserted = await repository.insertInvoice({
    id: event.invoiceId,
    userId: session.userId,
    sessionId: session.id,
    tier: session.tier,
    interval: session.interval,
    amount: event.amount,
    currency: event.currency,
    periodStart: event.periodStart,
    periodEnd: event.periodEnd,
    paidAt: event.created,
  });
  // A retry after a failure between the invoice and the plan still grants the plan; the receipt goes out once.
  const invoice = inserted ?? (await repository.invoiceOfSession(session.id));
  if (!invoice) return 'ignored' as const;
  const before = await grantPaidPlan(deps, session, invoice);
  if (!inserted) return 'duplicate' as const;
  await auditActivation(deps, { session, invoice, before });
  await mailReceipt(deps, session, invoice);
  return 'processed' as const;
}

async function applyCheckoutCompleted(
  deps: BillingEventDeps,
  event: Extract<BillingEvent, { type: 'checkout.session.completed' }>,
) {
  await deps.repository.closeOpenSession(event.sessionId, 'completed', event.created);
  if (!event.customer) return 'processed' as const;
  const session = await deps.repository.findSession(event.sessionId);
  if (!session) return 'ignored' as const;
  await deps.lifecycle.linkStripeCustomer(session.userId, event.customer, session.language, event.created);
  return 'processed' as const;
}

/** Applies one provider event whose id was recorded as new. */
export async function applyBillingEvent(
  deps: BillingEventDeps,
  event: BillingEvent,
  provider: 'sandbox' | 'stripe',
): Promise<EventOutcome> {
  switch (event.type) {
    case 'checkout.session.completed':
      return applyCheckoutCompleted(deps, event);
    case 'invoice.paid':
      return applyInvoicePaid(deps, event);
    default:
      return deps.lifecycle.apply(event, provider);
  }
}
