import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createSubscriptionRepository } from './subscription.repository.ts';
import { subscriptionRoutes } from './subscription.routes.ts';
import { createSubscriptionService, type SubscriptionService } from './subscription.service.ts';

/**
 * The learner's plan. Made before the app's plugins, as access control asks it which features a plan includes; a
 * change is pushed to the learner's open tabs.
 */
export function createSubscription(app: FastifyInstance, { db, now }: { db: Db; now: () => Date }) {
  return createSubscriptionService({
    subscriptionRepository: createSubscriptionRepository({ db }),
    now,
    onChange: (userId) => {
      app.realtime.publishToUser(userId, { type: 'subscription_change' }).catch((error: unknown) => {
        app.log.warn({ err: error }, 'subscription change not pushed');
      });
    },
  });
}

/** The plan's routes. */
export async function registerSubscription(
  app: FastifyInstance,
  { subscriptionService }: { subscriptionService: SubscriptionService },
) {
  await app.register(subscriptionRoutes, { subscriptionService });
}
