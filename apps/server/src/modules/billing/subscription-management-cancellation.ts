import type { InterfaceLanguage } from '@portal/shared/language';
import { AppError } from '../../errors.ts';
import {
  auditPlanChange,
  type ManagementContext,
  mailPlanNotice,
  readManageablePlan,
  subscriptionDetailsOf,
} from './subscription-management-plan.ts';

async function cancelPlan(context: ManagementContext, userId: string, language: InterfaceLanguage) {
  const { repository, provider, subscriptionService } = context;
  const own = await readManageablePlan(context, userId);
  if (own.cancelAtPeriodEnd) throw new AppError('conflict', 'Your plan is already canceled at the period end.');
  await repository.updateSchedule(
    userId,
    { cancelAtPeriodEnd: true, nextTier: null, nextInterval: null },
    context.now(),
  );
  await provider.schedulePeriodEnd(userId, { cancel: true, next: null });
  await auditPlanChange(context, {
    userId,
    action: 'subscription.cancel_at_period_end',
    oldValues: { cancel_at_period_end: false },
    newValues: { cancel_at_period_end: true, ends_at: own.periodEnd.toISOString() },
  });
  await mailPlanNotice(
    context,
    { userId, language },
    {
      kind: 'canceled',
      tier: own.subscription.tier,
      date: own.periodEnd,
    },
  );
  subscriptionService.notifyChange(userId);
  return subscriptionDetailsOf(context, userId);
}

async function resumePlan(context: ManagementContext, userId: string, language: InterfaceLanguage) {
  const { repository, provider, subscriptionService } = context;
  const own = await readManageablePlan(context, userId);
  if (!own.cancelAtPeriodEnd) throw new AppError('conflict', 'Your plan is not canceled.');
  await repository.updateSchedule(userId, { cancelAtPeriodEnd: false }, context.now());
  await provider.schedulePeriodEnd(userId, { cancel: false, next: null });
  await auditPlanChange(context, {
    userId,
    action: 'subscription.resumed',
    oldValues: { cancel_at_period_end: true },
    newValues: { cancel_at_period_end: false },
  });
  await mailPlanNotice(
    context,
    { userId, language },
    {
      kind: 'resumed',
      tier: own.subscription.tier,
      date: own.periodEnd,
    },
  );
  subscriptionService.notifyChange(userId);
  return subscriptionDetailsOf(context, userId);
}

/** Canceling a paid plan at its period end and taking that back. */
export function createPlanCancellation(context: ManagementContext) {
  return {
    /** Cancels at the period end: the plan stays until then and can be resumed. */
    cancel: (userId: string, language: InterfaceLanguage) => cancelPlan(context, userId, language),
    resume: (userId: string, language: InterfaceLanguage) => resumePlan(context, userId, language),
  };
}
