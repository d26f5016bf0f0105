import { randomUUID } from 'node:crypto';
import { CHECKOUT_SESSION_MINUTES, type PaidTier, type PlanPrices, SANDBOX_CARDS } from '@portal/shared/billing';
import type { InterfaceLanguage } from '@portal/shared/language';
import { effectiveTier, type SubscriptionState } from '@portal/shared/subscription-access';
import type { Invoice, SubscriptionDetails } from '@portal/shared/subscription-management';
import type { Tier } from '@portal/shared/tiers';
import { AppError } from '../../errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Mailer } from '../mail/mail.service.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import type { BillingProvider } from './billing.provider.ts';
import type { BillingRepository } from './billing.repository.ts';
import type { BillingEventHandler } from './billing-events.ts';
import { quoteChange } from './subscription-change-quote.ts';
import { type PlanNotice, planNoticeMail } from './subscription-management.mail.ts';
import type { SubscriptionManagementRepository } from './subscription-management.repository.ts';

type Interval = 'month' | 'year';
const SUBSCRIPTION_SCREEN = '/dashboard/subscription';

const notManageable = () =>
  new AppError('conflict', 'Only a paid plan can be changed here; choose a plan first.', { reasons: ['not_paid'] });

/** Plan changes, cancel and resume, invoices and the payment method of a paid subscription. */
export function createSubscriptionManagementService({
  repository,
  billingRepository,
  provider,
  events,
  subscriptionService,
  auditService,
  mailer,
  prices,
  sharedOwnerOf,
  now = () => new Date(),
}: {
  repository: SubscriptionManagementRepository;
  billingRepository: BillingRepository;
  provider: BillingProvider;
  events: BillingEventHandler;
  subscriptionService: SubscriptionService;
  auditService: AuditService;
  mailer: Mailer;
  prices: PlanPrices;
  /** The owner's name when the user's access comes from a shared plan. */
  sharedOwnerOf: (userId: string) => Promise<string | null>;
  now?: () => Date;
}) {
  async function load(userId: string) {
    const found = await repository.subscriptionOf(userId);
    if (!found) return null;
    const { subscription, schedule } = found;
    const at = now();
    const cancelAtPeriodEnd = schedule?.cancelAtPeriodEnd ?? false;
    const granted = effectiveTier({ ...subscription, cancelAtPeriodEnd }, at);
    const lapsed = subscription.tier !== 'calm' && granted !== subscription.tier;
    const state: SubscriptionState =
      subscription.status === 'expired' || lapsed
        ? 'expired'
        : subscription.status === 'past_due'
          ? 'past_due'
          : subscription.status === 'canceled' || cancelAtPeriodEnd
            ? 'canceled'
            : subscription.status === 'trialing' || subscription.provider === 'coupon'
              ? 'trialing'
              : 'active';
    const paid = subscription.provider === 'sandbox' || subscription.provider === 'stripe';
    return { subscription, schedule, state, cancelAtPeriodEnd, manageable: paid && state !== 'expired' };
  }

  async function details(userId: string): Promise<SubscriptionDetails> {
    const [own, status] = await Promise.all([load(userId), subscriptionService.getStatus(userId)]);
    const ownTier = own && own.state !== 'expired' ? own.subscription.tier : own ? 'calm' : null;
    const shared = status.subscription_tier !== null && status.subscription_tier !== ownTier;
    return {
      tier: status.subscription_tier,
      status: shared ? 'active' : (own?.state ?? null),
      interval: shared ? null : (own?.subscription.interval ?? null),
      current_period_end: shared
        ? status.current_period_end
        : (own?.subscription.currentPeriodEnd?.toISOString() ?? null),
      cancel_at_period_end: !shared && (own?.cancelAtPeriodEnd ?? false),
      scheduled_change:
        !shared && own?.schedule?.nextTier
          ? { tier: own.schedule.nextTier, interval: own.schedule.nextInterval ?? own.subscription.interval ?? 'month' }
          : null,
      manageable: !shared && (own?.manageable ?? false),
      shared_from: shared ? await sharedOwnerOf(userId) : null,
    };
  }

  async function manageable(userId: string) {
    const own = await load(userId);
    if (!own?.manageable || !own.subscription.currentPeriodEnd) throw notManageable();
    return { ...own, periodEnd: own.subscription.currentPeriodEnd, interval: own.subscription.interval ?? 'month' };
  }

  async function tell(userId: string, language: InterfaceLanguage, notice: PlanNotice) {
    const email = await billingRepository.emailOf(userId);
    if (email) await mailer.send({ channel: 'email', to: email, ...planNoticeMail(language, notice) });
  }

  async function audit(userId: string, action: string, oldValues: object, newValues: object) {
    await auditService.recordAuditEvent({
      userId,
      action,
      tableName: 'subscriptions',
      recordId: userId,
      oldValues: { ...oldValues },
      newValues: { ...newValues },
      legalBasis: 'contract',
      purpose: 'subscription billing',
    });
  }

  /** The user's own paid plan when it may change to `target` now; refused (409) with the reason otherwise. */
  async function changeable(userId: string, target: { tier: PaidTier; interval: Interval }) {
    const own = await manageable(userId);
    const current = { tier: own.subscription.tier, interval: own.interval, periodEnd: own.periodEnd };
    if (own.state === 'past_due') {
      throw new AppError('conflict', 'Update your payment method before changing the plan.', {
        reasons: ['past_due'],
      });
    }
    if (own.cancelAtPeriodEnd) {
      throw new AppError('conflict', 'Resume your plan before changing it.', { reasons: ['canceled'] });
    }
    if (current.tier === target.tier && current.interval === target.interval) {
      throw new AppError('conflict', 'This is your current plan.', { reasons: ['same_plan'] });
    }
    return { own, current };
  }

  /** Charges the prorated difference now and moves the plan through the provider's events. */
  async function changeAtOnce(
    userId: string,
    current: { tier: Tier; interval: Interval; periodEnd: Date },
    target: { tier: PaidTier; interval: Interval },
    language: InterfaceLanguage,
  ) {
    const at = now();
    const quote = quoteChange(prices, current, target, at);
    const { amount, currency } = quote;
    const periodEnd = quote.periodEnd ?? current.periodEnd;
    const id = `cs_${randomUUID().replaceAll('-', '')}`;
    const charge = await billingRepository.insertSession({
      id,
      userId,
      provider: provider.name,
      tier: target.tier,
      interval: target.interval,
      amount,
      currency,
      status: 'open',
      language,
      payKey: `change_${id}`,
      paidAt: at,
      cancelPath: SUBSCRIPTION_SCREEN,
      expiresAt: new Date(at.getTime() + CHECKOUT_SESSION_MINUTES * 60_000),
      createdAt: at,
      updatedAt: at,
    });
    for (const event of await provider.changeSubscription(charge, { start: at, end: periodEnd })) {
      await events.handle(event, provider.name);
    }
    await repository.updateSchedule(userId, { nextTier: null, nextInterval: null }, at);
    await audit(
      userId,
      'subscription.changed',
      { subscription_tier: current.tier, interval: current.interval },
      { subscription_tier: target.tier, interval: target.interval, charged: amount, currency },
    );
    return { charged: amount, currency };
  }

  return {
    details,

    /** What changing to `target` would charge now and when it would take effect; changes nothing. */
    async quoteChange(userId: string, target: { tier: PaidTier; interval: Interval }) {
      const { current } = await changeable(userId, target);
      const quote = quoteChange(prices, current, target, now());
      return {
        effective: quote.effective,
        amount: quote.amount,
        currency: quote.currency,
        starts_at: quote.startsAt.toISOString(),
      };
    },

    async changePlan(userId: string, target: { tier: PaidTier; interval: Interval }, language: InterfaceLanguage) {
      const { own, current } = await changeable(userId, target);
      if (quoteChange(prices, current, target, now()).effective === 'now') {
        const charged = await changeAtOnce(userId, current, target, language);
        return { effective: 'now' as const, ...charged, subscription: await details(userId) };
      }
      await repository.updateSchedule(userId, { nextTier: target.tier, nextInterval: target.interval }, now());
      await provider.schedulePeriodEnd(userId, { cancel: false, next: target });
      await audit(
        userId,
        'subscription.change_scheduled',
        { subscription_tier: current.tier, interval: current.interval },
        { next_tier: target.tier, next_interval: target.interval, starts_at: own.periodEnd.toISOString() },
      );
      await tell(userId, language, { kind: 'change_scheduled', ...target, date: own.periodEnd });
      subscriptionService.notifyChange(userId);
      return {
        effective: 'period_end' as const,
        charged: 0,
        currency: prices[target.tier][target.interval].currency,
        subscription: await details(userId),
      };
    },

    async undoScheduledChange(userId: string, language: InterfaceLanguage) {
      const own = await manageable(userId);
      if (!own.schedule?.nextTier) throw new AppError('conflict', 'No plan change is scheduled.');
      await repository.updateSchedule(userId, { nextTier: null, nextInterval: null }, now());
      await provider.schedulePeriodEnd(userId, { cancel: own.cancelAtPeriodEnd, next: null });
      await audit(
        userId,
        'subscription.change_undone',
        { next_tier: own.schedule.nextTier, next_interval: own.schedule.nextInterval },
        { subscription_tier: own.subscription.tier },
      );
      await tell(userId, language, { kind: 'change_undone', tier: own.subscription.tier });
      subscriptionService.notifyChange(userId);
      return details(userId);
    },

    /** Cancels at the period end: the plan stays until then and can be resumed. */
    async cancel(userId: string, language: InterfaceLanguage) {
      const own = await manageable(userId);
      if (own.cancelAtPeriodEnd) throw new AppError('conflict', 'Your plan is already canceled at the period end.');
      await repository.updateSchedule(userId, { cancelAtPeriodEnd: true, nextTier: null, nextInterval: null }, now());
      await provider.schedulePeriodEnd(userId, { cancel: true, next: null });
      await audit(
        userId,
        'subscription.cancel_at_period_end',
        { cancel_at_period_end: false },
        { cancel_at_period_end: true, ends_at: own.periodEnd.toISOString() },
      );
      await tell(userId, language, { kind: 'canceled', tier: own.subscription.tier, date: own.periodEnd });
      subscriptionService.notifyChange(userId);
      return details(userId);
    },

    async resume(userId: string, language: InterfaceLanguage) {
      const own = await manageable(userId);
      if (!own.cancelAtPeriodEnd) throw new AppError('conflict', 'Your plan is not canceled.');
      await repository.updateSchedule(userId, { cancelAtPeriodEnd: false }, now());
      await provider.schedulePeriodEnd(userId, { cancel: false, next: null });
      await audit(userId, 'subscription.resumed', { cancel_at_period_end: true }, { cancel_at_period_end: false });
      await tell(userId, language, { kind: 'resumed', tier: own.subscription.tier, date: own.periodEnd });
      subscriptionService.notifyChange(userId);
      return details(userId);
    },

    async invoices(userId: string): Promise<Invoice[]> {
      return (await repository.invoicesOf(userId)).map(toInvoice);
    },

    async invoice(userId: string, invoiceId: string): Promise<Invoice> {
      const found = (await repository.invoicesOf(userId)).find((row) => row.id === invoiceId);
      if (!found) throw new AppError('not_found', 'There is no such receipt.');
      return toInvoice(found);
    },

    async portal(userId: string) {
      if (!(await load(userId))?.manageable) throw notManageable();
      return provider.createPortal(userId, SUBSCRIPTION_SCREEN);
    },

    /** The card on file; a sandbox payment only ever went through with the paying test card. */
    async paymentMethod(userId: string) {
      const saved = await repository.paymentMethodOf(userId);
      if (saved) return { brand: saved.brand, last4: saved.last4 };
      const paid = await repository.latestInvoiceOf(userId);
      return paid?.provider === 'sandbox' ? { brand: 'Visa', last4: SANDBOX_CARDS.success.slice(-4) } : null;
    },

    /** The sandbox portal's card change: the paying and the later-declining test cards are kept, the declining one is refused. */
    async updateSandboxCard(userId: string, cardNumber: string) {
      if (provider.name !== 'sandbox') throw new AppError('not_found', 'The sandbox portal is not in use.');
      if (cardNumber === SANDBOX_CARDS.declined) {
        throw new AppError('card_declined', 'Your card was declined. The card on file stays as it was.');
      }
      // The card that declines later is saved as at Stripe: the next renewal with it fails.
      if (cardNumber !== SANDBOX_CARDS.success && cardNumber !== SANDBOX_CARDS.declinesLater) {
        throw new AppError('bad_request', 'Use the test card 4242 4242 4242 4242 in the sandbox.');
      }
      const card = { brand: 'Visa', last4: cardNumber.slice(-4) };
      await repository.savePaymentMethod(userId, card, now());
      await auditService.recordAuditEvent({
        userId,
        action: 'billing.payment_method_updated',
        tableName: 'sandbox_payment_methods',
        recordId: userId,
        newValues: card,
        legalBasis: 'contract',
        purpose: 'subscription billing',
      });
      return card;
    },
  };
}

function toInvoice(row: Awaited<ReturnType<SubscriptionManagementRepository['invoicesOf']>>[number]): Invoice {
  return {
    id: row.id,
    tier: row.tier,
    interval: row.interval,
    amount: row.amount,
    currency: row.currency,
    period_start: row.periodStart.toISOString(),
    period_end: row.periodEnd.toISOString(),
    paid_at: row.paidAt.toISOString(),
    provider: row.provider,
  };
}
export type SubscriptionManagementService = ReturnType<typeof createSubscriptionManagementService>;
