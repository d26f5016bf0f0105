import type { FastifyInstance } from 'fastify';
import type { BillingEventHandler } from './billing-events.ts';
import type { SubscriptionLifecycle } from './subscription-lifecycle.ts';

/** The job that renews, moves to past_due and ends sandbox subscriptions whose period is over. */
export const SUBSCRIPTION_LIFECYCLE_JOB = 'billing.subscription-lifecycle';

/**
 * Runs the lifecycle every minute, once across instances. Each due change goes through the one event handler under
 * an id made of the user and the period, so two runs that overlap charge and mail once.
 */
export async function registerSubscriptionLifecycleJobs(
  app: FastifyInstance,
  { lifecycle, events }: { lifecycle: SubscriptionLifecycle; events: BillingEventHandler },
) {
  await app.jobs.work(SUBSCRIPTION_LIFECYCLE_JOB, async () => {
    const due = await lifecycle.dueSandboxEvents(app.clock.now());
    for (const event of due) {
      try {
        await events.handle(event, 'sandbox');
      } catch (error) {
        app.log.error({ err: error, eventId: event.id }, 'subscription lifecycle step failed; the next run retries it');
      }
    }
  });
  await app.jobs.cron(SUBSCRIPTION_LIFECYCLE_JOB, '* * * * *');
}
