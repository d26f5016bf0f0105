import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { BillingEventHandler, EventOutcome } from './billing-events.ts';
import type { StripeWebhook } from './billing-webhook.ts';

const webhookResultSchema = z.object({
  received: z.literal(true),
  /** processed: something changed; duplicate: seen before; ignored: nothing to do for this event. */
  outcome: z.enum(['processed', 'duplicate', 'ignored']),
});

const badSignature = () =>
  new AppError('bad_request', 'The webhook signature does not match this server’s signing secret.');

/**
 * POST /api/billing/webhook: Stripe's events, verified by their signature over the raw body (this plugin reads JSON
 * bodies as bytes, for this route only). A bad signature is 400 and changes nothing; so is a signed event of a type
 * the portal does not handle (400 `unsupported_event`): the endpoint in Stripe's dashboard should send only the types
 * listed in the README.
 */
export const billingWebhookRoutes: FastifyPluginAsyncZod<{
  webhook: StripeWebhook;
  events: BillingEventHandler;
}> = async (app, { webhook, events }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/api/billing/webhook',
    {
      config: { access: { role: 'anonymous', feature: null } },
      schema: {
        tags: ['billing'],
        summary: 'Stripe webhook: signed events about checkouts, invoices and subscriptions',
        response: { 200: webhookResultSchema },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') throw badSignature();
      let event: Stripe.Event;
      try {
        event = webhook.verify(request.body, signature);
      } catch {
        throw badSignature();
      }
      const mapped = await webhook.toBillingEvents(event);
      if (mapped === null) {
        throw new AppError('unsupported_event', `This endpoint does not handle ${event.type} events.`);
      }
      const outcomes: EventOutcome[] = [];
      for (const billingEvent of mapped ?? []) outcomes.push(await events.handle(billingEvent, 'stripe'));
      const outcome: EventOutcome = outcomes.includes('processed')
        ? 'processed'
        : outcomes.includes('duplicate')
          ? 'duplicate'
          : 'ignored';
      return { received: true as const, outcome };
    },
  );
};
