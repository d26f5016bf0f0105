import type { PlanPrices } from '@portal/shared/billing';
import type { InterfaceLanguage } from '@portal/shared/language';
import { effectiveTier, type SubscriptionState } from '@portal/shared/subscription-access';
import type { SubscriptionDetails } from '@portal/shared/subscription-management';
import { AppError } from '../../errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Mailer } from '../mail/mail.service.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import type { BillingProvider } from './billing.provider.ts';
import type { BillingRepository } from './billing.repository.ts';
import type { BillingEventHandler } from './billing-events.ts';
import { type PlanNotice, planNoticeMail } from './subscription-management.mail.ts';
import type { SubscriptionManagementRepository } from './subscription-management.repository.ts';

export type Interval = 'month' | 'year';
export const SUBSCRIPTION_SCREEN = '/dashboard/subscription';

export type SubscriptionManagementDeps = {
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
};

/** The dependencies with the clock settled, as every part of the management service uses them. */
export type ManagementContext = SubscriptionManagementDeps & { now: () => Date };

type OwnSubscription = NonNullable<Awaited<ReturnType<SubscriptionManagementRepository['subscriptionOf']>>>;

export const notManageable = () =>
  new AppError('conflict', 'Only a paid plan can be changed here; choose a plan first.', { reasons: ['not_paid'] });

/** The state the subscription screen shows, from the stored row, a pending cancellation and the access it grants. */
function subscriptionStateOf(
  subscription: OwnSubscription['subscription'],
  cancelAtPeriodEnd: boolean,
  at: Date,
): SubscriptionState {
  const granted = effectiveTier({ ...subscription, cancelAtPeriodEnd }, at);
  const lapsed = subscription.tier !== 'calm' && granted !== subscription.tier;
  if (subscription.status === 'expired' || lapsed) return 'expired';
  if (subscription.status === 'past_due') return 'past_due';
  if (subscription.status === 'canceled' || cancelAtPeriodEnd) return 'canceled';
  if (subscription.status === 'trialing' || subscription.provider === 'coupon') return 'trialing';
  return 'active';
}

/** The user's own subscription with its schedule and state; null when they never had one. */
export async function readOwnPlan(context: ManagementContext, userId: string) {
  const found = await context.repository.subscriptionOf(userId);
  if (!found) return null;
  const { subscription, schedule } = found;
  const cancelAtPeriodEnd = schedule?.cancelAtPeriodEnd ?? false;
  const state = subscriptionStateOf(subscription, cancelAtPeriodEnd, context.now());
  const paid = subscription.provider === 'sandbox' || subscription.provider === 'stripe';
  return { subscription, schedule, state, cancelAtPeriodEnd, manageable: paid && state !== 'expired' };
}

/** The user's own paid plan with its period end; refused (409) when there is none to manage. */
export async function readManageablePlan(context: ManagementContext, userId: string) {
  const own = await readOwnPlan(context, userId);
  if (!own?.manageable || !own.subscription.currentPeriodEnd) throw notManageable();
  return { ...own, periodEnd: own.subscription.currentPeriodEnd, interval: own.subscription.interval ?? 'month' };
}

/** The plan as the subscription screen shows it; a plan shared by another user hides the user's own. */
export async function subscriptionDetailsOf(context: ManagementContext, userId: string): Promise<SubscriptionDetails> {
  const [own, status] = await Promise.all([
    readOwnPlan(context, userId),
    context.subscriptionService.getStatus(userId),
  ]);
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
    shared_from: shared ? await context.sharedOwnerOf(userId) : null,
  };
}

export async function mailPlanNotice(
  context: ManagementContext,
  recipient: { userId: string; language: InterfaceLanguage },
  notice: PlanNotice,
) {
  const email = await context.billingRepository.emailOf(recipient.userId);
  if (!email) return;
  await context.mailer.send({ channel: 'email', to: email, ...planNoticeMail(recipient.language, notice) });
}

export async function auditPlanChange(
  context: ManagementContext,
  change: { userId: string; action: string; oldValues: object; newValues: object },
) {
  await context.auditService.recordAuditEvent({
    userId: change.userId,
    action: change.action,
    tableName: 'subscriptions',
    recordId: change.userId,
    oldValues: { ...change.oldValues },
    newValues: { ...change.newValues },
    legalBasis: 'contract',
    purpose: 'subscription billing',
  });
}
