import type { PlanPrices } from '@portal/shared/billing';
import type { FastifyInstance } from 'fastify';
import { droppingAfterWrites } from '../../change-cache.ts';
import type { Db } from '../../db/client.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Mailer } from '../mail/mail.service.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import type { BillingProvider } from './billing.provider.ts';
import type { BillingRepository } from './billing.repository.ts';
import type { BillingService } from './billing.service.ts';
import type { BillingEventHandler } from './billing-events.ts';
import { createCouponsRepository } from './coupons.repository.ts';
import { couponsRoutes } from './coupons.routes.ts';
import { type CouponsService, createCouponsService } from './coupons.service.ts';
import { createSeatsRepository } from './seats.repository.ts';
import { seatsRoutes } from './seats.routes.ts';
import { createSeatsService } from './seats.service.ts';
import { createSubscriptionManagementRepository } from './subscription-management.repository.ts';
import { subscriptionManagementRoutes } from './subscription-management.routes.ts';
import { createSubscriptionManagementService } from './subscription-management.service.ts';

type SubscriptionManagementDeps = {
  db: Db;
  subscriptionService: SubscriptionService;
  auditService: AuditService;
  mailer: Mailer;
  prices: PlanPrices;
  publicUrl: string;
  billingRepository: BillingRepository;
  billingService: BillingService;
  provider: BillingProvider;
  events: BillingEventHandler;
  now?: () => Date;
};

/** A code entered at checkout either activates free access at once or discounts the checkout it is counted against. */
function wireCouponsIntoCheckout(
  subscriptionService: SubscriptionService,
  billingService: BillingService,
  couponsService: CouponsService,
) {
  subscriptionService.usePaidCheckout(async (userId, request, context) => {
    if (!request.couponCode) return billingService.startCheckout(userId, request, context);
    const coupon = await couponsService.forCheckout(userId, request.couponCode, request.tier, request.language);
    if (coupon.freeAccess) return { freeAccess: true, message: 'Your coupon gives you this plan for free.' };
    return billingService.startCheckout(userId, request, context, coupon);
  });
}

/**
 * What a subscriber does with a plan after buying it: change, cancel and resume it, see receipts, change the card;
 * coupons (admins make them, checkout and the subscription screen use them); and the seats of a shared "us" plan,
 * whose access feeds the subscription status every route guard reads.
 */
export async function registerSubscriptionManagement(app: FastifyInstance, deps: SubscriptionManagementDeps) {
  const { db, subscriptionService, auditService, mailer, prices, billingRepository, billingService } = deps;
  const clock = deps.now ? { now: deps.now } : {};
  const couponsService = createCouponsService({
    repository: createCouponsRepository({ db }),
    billingRepository,
    subscriptionService,
    auditService,
    mailer,
    prices,
    ...clock,
  });
  const seatsService = createSeatsService({
    repository: createSeatsRepository({ db }),
    subscriptionService,
    auditService,
    mailer,
    publicUrl: deps.publicUrl,
    logger: app.log,
    ...clock,
  });
  const management = createSubscriptionManagementService({
    repository: droppingAfterWrites(createSubscriptionManagementRepository({ db }), ['updateSchedule'], (userId) =>
      app.forgetPlanOf(String(userId)),
    ),
    billingRepository,
    provider: deps.provider,
    events: deps.events,
    subscriptionService,
    auditService,
    mailer,
    prices,
    sharedOwnerOf: (userId) => seatsService.ownerNameOfMember(userId),
    ...clock,
  });
  subscriptionService.useSharedPlan({
    statusOf: (userId) => seatsService.statusOf(userId),
    planChanged: (ownerId) => seatsService.planChanged(ownerId),
  });
  wireCouponsIntoCheckout(subscriptionService, billingService, couponsService);
  await app.register(subscriptionManagementRoutes, { management });
  await app.register(couponsRoutes, { couponsService });
  await app.register(seatsRoutes, { seatsService });
  return { management, couponsService, seatsService };
}
