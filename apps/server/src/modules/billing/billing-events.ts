import { toInterfaceLanguage } from '@portal/shared/language';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditService } from '../audit/audit.service.ts';
import type { Mailer } from '../mail/mail.service.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import { receiptMail } from './billing.mail.ts';
import type { BillingEvent } from './billing.provider.ts';
import type { BillingRepository } from './billing.repository.ts';
import type { SubscriptionLifecycle } from './subscription-lifecycle.ts';

export type EventOutcome = 'processed' | 'duplicate' | 'ignored';

/**
 * The one handler of provider events, for the sandbox and for Stripe webhooks alike. An event id is handled once
 * (a replay changes nothing); events may arrive in any order and still converge: the invoice carries everything
 * activation needs, and a paid period never shortens a longer one already granted.
 */
export function createBillingEventHandler({
  repository,
  subscriptionService,
  auditService,
  mailer,
  logger,
  lifecycle,
}: {
  repository: BillingRepository;
  subscriptionService: SubscriptionService;
  auditService: AuditService;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  /** Renewals, failed payments, plans that end and the provider's latest state. */
  lifecycle: SubscriptionLifecycle;
}) {
  async function invoicePaid(event: Extract<BillingEvent, { type: 'invoice.paid' }>) {
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
    const current = await subscriptionService.getStatus(session.userId);
    const longerAlready =
      current.subscription_tier === session.tier &&
      current.current_period_end !== null &&
      new Date(current.current_period_end) >= invoice.periodEnd;
    if (!longerAlready) {
      await subscriptionService.activatePaid(session.userId, {
        tier: session.tier,
        interval: session.interval,
        provider: session.provider,
        currentPeriodEnd: invoice.periodEnd,
      });
    }
    if (!inserted) return 'duplicate' as const;
    await auditService.recordAuditEvent({
      userId: session.userId,
      action: 'subscription.activated',
      tableName: 'subscriptions',
      recordId: session.userId,
      oldValues: { subscription_tier: current.subscription_tier, current_period_end: current.current_period_end },
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
    const email = await repository.emailOf(session.userId);
    if (email) {
      const mail = receiptMail(toInterfaceLanguage(session.language) ?? 'en', {
        tier: session.tier,
        interval: session.interval,
        amount: invoice.amount,
        currency: invoice.currency,
        periodEnd: invoice.periodEnd,
        invoiceId: invoice.id,
        sandbox: session.provider === 'sandbox',
      });
      await mailer.send({ channel: 'email', to: email, ...mail });
    }
    return 'processed' as const;
  }

  async function checkoutCompleted(event: Extract<BillingEvent, { type: 'checkout.session.completed' }>) {
    await repository.closeOpenSession(event.sessionId, 'completed', event.created);
    if (!event.customer) return 'processed' as const;
    const session = await repository.findSession(event.sessionId);
    if (!session) return 'ignored' as const;
    await lifecycle.linkStripeCustomer(session.userId, event.customer, session.language, event.created);
    return 'processed' as const;
  }

  async function apply(event: BillingEvent, provider: 'sandbox' | 'stripe'): Promise<EventOutcome> {
    switch (event.type) {
      case 'checkout.session.completed':
        return checkoutCompleted(event);
      case 'invoice.paid':
        return invoicePaid(event);
      default:
        return lifecycle.apply(event, provider);
    }
  }

  return {
    async handle(event: BillingEvent, provider: 'sandbox' | 'stripe'): Promise<EventOutcome> {
      const fresh = await repository.recordEvent({
        id: event.id,
        provider,
        type: event.type,
        sessionId: 'sessionId' in event ? event.sessionId : null,
      });
      if (!fresh) return 'duplicate';
      try {
        return await apply(event, provider);
      } catch (error) {
        logger.error({ err: error, eventId: event.id, type: event.type }, 'billing event failed; it may be retried');
        await repository.forgetEvent(event.id);
        throw error;
      }
    },
  };
}
export type BillingEventHandler = ReturnType<typeof createBillingEventHandler>;
