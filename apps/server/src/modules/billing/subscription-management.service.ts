import { createPlanCancellation } from './subscription-management-cancellation.ts';
import { createPlanChanges } from './subscription-management-changes.ts';
import { createPlanPayments } from './subscription-management-payments.ts';
import { type SubscriptionManagementDeps, subscriptionDetailsOf } from './subscription-management-plan.ts';

/** Plan changes, cancel and resume, invoices and the payment method of a paid subscription. */
export function createSubscriptionManagementService(deps: SubscriptionManagementDeps) {
  const context = { ...deps, now: deps.now ?? (() => new Date()) };
  return {
    details: (userId: string) => subscriptionDetailsOf(context, userId),
    ...createPlanChanges(context),
    ...createPlanCancellation(context),
    ...createPlanPayments(context),
  };
}
export type SubscriptionManagementService = ReturnType<typeof createSubscriptionManagementService>;
