import { DEFAULT_PLAN_PRICES, type PlanPrices } from '@portal/shared/billing';
import type { FastifyInstance } from 'fastify';
import { droppingAfterWrites } from '../../change-cache.ts';
import type { StripeSettings } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Mailer } from '../mail/mail.service.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import { createBillingRepository } from './billing.repository.ts';
import { billingRoutes } from './billing.routes.ts';
import { createSandboxProvider } from './billing.sandbox.ts';
import { createBillingService } from './billing.service.ts';
import { createStripeClient, createStripeProvider } from './billing.stripe.ts';
import { type BillingEventHandler, createBillingEventHandler } from './billing-events.ts';
import { billingWebhookRoutes } from './billing-webhook.routes.ts';
import { createStripeWebhook } from './billing-webhook.ts';
import { registerSubscriptionLifecycleJobs } from './subscription-lifecycle.jobs.ts';
import {
  createSubscriptionLifecycleRepository,
  type SubscriptionLifecycleRepository,
} from './subscription-lifecycle.repository.ts';
import { createSubscriptionLifecycle } from './subscription-lifecycle.ts';
import { registerSubscriptionManagement } from './subscription-management.module.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one handler of provider events (sandbox payments now, the Stripe webhook later). */
    billingEvents: BillingEventHandler;
  }
}

type BillingDeps = {
  db: Db;
  subscriptionService: SubscriptionService;
  auditService: AuditService;
  mailer: Mailer;
  prices?: PlanPrices;
  /** Where links in mail (shared-plan invitations) lead. */
  publicUrl: string;
  /** Stripe instead of the sandbox checkout; renewals then come from Stripe's webhooks. */
  stripe?: StripeSettings | null;
  now?: () => Date;
};

/** The lifecycle of running subscriptions and the one event handler that applies provider events to them. */
function createBillingEvents(
  app: FastifyInstance,
  deps: Pick<BillingDeps, 'db' | 'subscriptionService' | 'auditService' | 'mailer'> & { prices: PlanPrices },
) {
  const { db, subscriptionService, auditService, mailer, prices } = deps;
  const repository = createBillingRepository({ db });
  // Each write to a plan or its schedule drops this instance's kept copy of it before the answer goes out.
  const lifecycleRepository = droppingAfterWrites(
    createSubscriptionLifecycleRepository({ db }),
    ['renew', 'markPastDue', 'end', 'storeProviderState', 'clearSchedule', 'storeCancelAtPeriodEnd'],
    (userId) => app.forgetPlanOf(String(userId)),
  );
  const lifecycle = createSubscriptionLifecycle({
    repository: lifecycleRepository,
    subscriptionService,
    auditService,
    mailer,
    prices,
  });
  const events = createBillingEventHandler({
    repository,
    subscriptionService,
    auditService,
    mailer,
    logger: app.log,
    lifecycle,
  });
  return { repository, lifecycleRepository, lifecycle, events };
}

/** Stripe's checkout and webhooks when Stripe is configured, the built-in sandbox otherwise. */
function chooseProvider(
  stripe: StripeSettings | null,
  { publicUrl, lifecycleRepository }: { publicUrl: string; lifecycleRepository: SubscriptionLifecycleRepository },
) {
  const sandbox = createSandboxProvider();
  const stripeClient = stripe ? createStripeClient(stripe) : null;
  if (!stripe || !stripeClient) return { sandbox, provider: sandbox, webhook: null };
  const provider = createStripeProvider({
    stripe: stripeClient,
    settings: stripe,
    publicUrl,
    customerOf: (userId) => lifecycleRepository.customerOf(userId),
  });
  const webhook = createStripeWebhook({
    stripe: stripeClient,
    settings: stripe,
    userOfSubscription: (subscriptionId) => lifecycleRepository.userOfStripeSubscription(subscriptionId),
  });
  return { sandbox, provider, webhook };
}

/**
 * Paid checkouts behind one provider (the built-in sandbox now) and the one handler of provider events; plugs the
 * paid checkout into the subscription service, which keeps the plan itself.
 */
export async function registerBilling(app: FastifyInstance, deps: BillingDeps) {
  const { db, subscriptionService, auditService, mailer, publicUrl, now } = deps;
  const prices = deps.prices ?? DEFAULT_PLAN_PRICES;
  const { repository, lifecycleRepository, lifecycle, events } = createBillingEvents(app, { ...deps, prices });
  const { sandbox, provider, webhook } = chooseProvider(deps.stripe ?? null, { publicUrl, lifecycleRepository });
  const billingService = createBillingService({
    repository,
    provider,
    sandbox,
    events,
    prices,
    refuseCheckout: (userId, tier) => subscriptionService.refuseCheckout(userId, tier),
    ...(now ? { now } : {}),
  });
  subscriptionService.usePaidCheckout((userId, request, context) =>
    billingService.startCheckout(userId, request, context),
  );
  app.decorate('billingEvents', events);
  await app.register(billingRoutes, { billingService });
  if (webhook) await app.register(billingWebhookRoutes, { webhook, events });
  await registerSubscriptionLifecycleJobs(app, { lifecycle, events });
  const { seatsService } = await registerSubscriptionManagement(app, {
    db,
    subscriptionService,
    auditService,
    mailer,
    prices,
    publicUrl,
    billingRepository: repository,
    billingService,
    provider,
    events,
    ...(now ? { now } : {}),
  });
  return { billingService, events, planMembersOf: (userId: string) => seatsService.planMembersOf(userId) };
}
