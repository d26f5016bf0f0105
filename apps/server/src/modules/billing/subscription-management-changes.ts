import { randomUUID } from 'node:crypto';
import { CHECKOUT_SESSION_MINUTES, type PaidTier } from '@portal/shared/billing';
import type { InterfaceLanguage } from '@portal/shared/language';
import type { Tier } from '@portal/shared/tiers';
import { AppError } from '../../errors.ts';
import { quoteChange } from './subscription-change-quote.ts';
import {
  auditPlanChange,
  type Interval,
  type ManagementContext,
  mailPlanNotice,
  readManageablePlan,
  SUBSCRIPTION_SCREEN,
  subscriptionDetailsOf,
} from './subscription-management-plan.ts';

type Target = { tier: PaidTier; interval: Interval };
type CurrentPlan = { tier: Tier; interval: Interval; periodEnd: Date };

/** The user's own paid plan when it may change to `target` now; refused (409) with the reason otherwise. */
async function readChangeablePlan(context: ManagementContext, userId: string, target: Target) {
  const own = await readManageablePlan(context, userId);
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
  context: ManagementContext,
  change: { userId: string; current: CurrentPlan; target: Target; language: InterfaceLanguage },
) {
  const { userId, current, target, language } = change;
  const { billingRepository, provider, events } = context;
  const at = context.now();
  const quote = quoteChange(context.prices, current, target, at);
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
  await context.repository.updateSchedule(userId, { nextTier: null, nextInterval: null }, at);
  await auditPlanChange(context, {
    userId,
    action: 'subscription.changed',
    oldValues: { subscription_tier: current.tier, interval: current.interval },
    newValues: { subscription_tier: target.tier, interval: target.interval, charged: amount, currency },
  });
  return { charged: amount, currency };
}

/** Schedules the change for the period end: nothing is charged now. */
async function changeAtPeriodEnd(
  context: ManagementContext,
  change: { userId: string; current: CurrentPlan; target: Target; language: InterfaceLanguage; periodEnd: Date },
) {
  const { userId, current, target, periodEnd } = change;
  await context.repository.updateSchedule(
    userId,
    { nextTier: target.tier, nextInterval: target.interval },
    context.now(),
  );
  await context.provider.schedulePeriodEnd(userId, { cancel: false, next: target });
  await auditPlanChange(context, {
    userId,
    action: 'subscription.change_scheduled',
    oldValues: { subscription_tier: current.tier, interval: current.interval },
    newValues: { next_tier: target.tier, next_interval: target.interval, starts_at: periodEnd.toISOString() },
  });
  await mailPlanNotice(
    context,
    { userId, language: change.language },
    { kind: 'change_scheduled', ...target, date: periodEnd },
  );
  context.subscriptionService.notifyChange(userId);
}

/** Quoting, making and undoing a change of tier or interval. */
export function createPlanChanges(context: ManagementContext) {
  return {
    /** What changing to `target` would charge now and when it would take effect; changes nothing. */
    async quoteChange(userId: string, target: Target) {
      const { current } = await readChangeablePlan(context, userId, target);
      const quote = quoteChange(context.prices, current, target, context.now());
      return {
        effective: quote.effective,
        amount: quote.amount,
        currency: quote.currency,
        starts_at: quote.startsAt.toISOString(),
      };
    },

    async changePlan(userId: string, target: Target, language: InterfaceLanguage) {
      const { own, current } = await readChangeablePlan(context, userId, target);
      if (quoteChange(context.prices, current, target, context.now()).effective === 'now') {
        const charged = await changeAtOnce(context, { userId, current, target, language });
        return { effective: 'now' as const, ...charged, subscription: await subscriptionDetailsOf(context, userId) };
      }
      await changeAtPeriodEnd(context, { userId, current, target, language, periodEnd: own.periodEnd });
      return {
        effective: 'period_end' as const,
        charged: 0,
        currency: context.prices[target.tier][target.interval].currency,
        subscription: await subscriptionDetailsOf(context, userId),
      };
    },

    async undoScheduledChange(userId: string, language: InterfaceLanguage) {
      const own = await readManageablePlan(context, userId);
      if (!own.schedule?.nextTier) throw new AppError('conflict', 'No plan change is scheduled.');
      await context.repository.updateSchedule(userId, { nextTier: null, nextInterval: null }, context.now());
      await context.provider.schedulePeriodEnd(userId, { cancel: own.cancelAtPeriodEnd, next: null });
      await auditPlanChange(context, {
        userId,
        action: 'subscription.change_undone',
        oldValues: { next_tier: own.schedule.nextTier, next_interval: own.schedule.nextInterval },
        newValues: { subscription_tier: own.subscription.tier },
      });
      await mailPlanNotice(context, { userId, language }, { kind: 'change_undone', tier: own.subscription.tier });
      context.subscriptionService.notifyChange(userId);
      return subscriptionDetailsOf(context, userId);
    },
  };
}
