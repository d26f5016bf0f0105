import { DEFAULT_PLAN_PRICES, type PlanPrices } from '@portal/shared/billing';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Mailer } from '../mail/mail.service.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import { createBillingRepository } from './billing.repository.ts';
import { billingRoutes } from './billing.routes.ts';
import { createSandboxProvider } from './billing.sandbox.ts';
import { createBillingService } from './billing.service.ts';
import { type BillingEventHandler, createBillingEventHandler } from './billing-events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one handler of provider events (sandbox payments now, the Stripe webhook later). */
    billingEvents: BillingEventHandler;
  }
}

/**
 * Paid checkouts behind one provider (the built-in sandbox now) and the one handler of provider events; plugs the
 * paid checkout into the subscription service, which keeps the plan itself.
 */
export async function registerBilling(
  app: FastifyInstance,
  {
    db,
    subscriptionService,
    auditService,
    mailer,
    prices = DEFAULT_PLAN_PRICES,
    now,
  }: {
    db: Db;
    subscriptionService: SubscriptionService;
    auditService: AuditService;
    mailer: Mailer;
    prices?: PlanPrices;
    now?: () => Date;
  },
) {
  const repository = createBillingRepository({ db });
  const sandbox = createSandboxProvider();
  const events = createBillingEventHandler({ repository, subscriptionService, auditService, mailer, logger: app.log });
  const billingService = createBillingService({
    repository,
    provider: sandbox,
    sandbox,
    events,
    prices,
    ...(now ? { now } : {}),
  });
  subscriptionService.usePaidCheckout((userId, request, context) =>
    billingService.startCheckout(userId, request, context),
  );
  app.decorate('billingEvents', events);
  await app.register(billingRoutes, { billingService });
  return { billingService, events };
}
