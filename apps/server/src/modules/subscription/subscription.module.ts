import type { FastifyInstance } from 'fastify';
import { appChangeCache, droppingAfterWrites } from '../../change-cache.ts';
import type { Database } from '../../db/client.ts';
import { createSubscriptionRepository, type SubscriptionRepository } from './subscription.repository.ts';
import { subscriptionRoutes } from './subscription.routes.ts';
import { createSubscriptionService, type SubscriptionService } from './subscription.service.ts';

/** The channel the trigger of migration 0035 notifies with a user's id when their plan or its schedule changes. */
export const PLAN_CHANGES_CHANNEL = 'plan_changes';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Drops what this instance kept of the user's own plan, at once; the database's notice tells every instance as
     * the change commits, but the writer's next request may come sooner.
     */
    forgetPlanOf: (userId: string) => void;
  }
}

type PlanAccess = NonNullable<Awaited<ReturnType<SubscriptionRepository['findAccessByUserId']>>>;

/**
 * Each user's own plan, as every access check to a plan feature reads it, kept in this process until the database
 * says it changed (or for 30 s at most); what it grants is still worked out from it at each request's time.
 */
function keepPlans(app: FastifyInstance, database: Database, repository: SubscriptionRepository) {
  const kept = appChangeCache<PlanAccess>(app, database, {
    channel: PLAN_CHANGES_CHANNEL,
    ttlMs: 30_000,
    maxEntries: 20_000,
  });
  app.decorate('forgetPlanOf', (userId: string) => kept.drop(userId));
  return {
    ...droppingAfterWrites(repository, ['activate'], (userId) => kept.drop(String(userId))),
    findAccessByUserId: (userId: string) => kept.get(userId, () => repository.findAccessByUserId(userId)),
  };
}

/**
 * The learner's plan. Made before the app's plugins, as access control asks it which features a plan includes; a
 * change is pushed to the learner's open tabs.
 */
export function createSubscription(app: FastifyInstance, { database, now }: { database: Database; now: () => Date }) {
  return createSubscriptionService({
    subscriptionRepository: keepPlans(app, database, createSubscriptionRepository({ db: database.db })),
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
