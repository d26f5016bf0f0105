import { checkoutBodySchema, checkoutResultSchema, subscriptionStatusSchema } from '@portal/shared/tiers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../auth/request-language.ts';
import type { SubscriptionService } from './subscription.service.ts';

export const subscriptionRoutes: FastifyPluginAsyncZod<{ subscriptionService: SubscriptionService }> = async (
  app,
  { subscriptionService },
) => {
  app.get(
    '/api/subscription/check',
    {
      config: { access: { role: 'user', feature: null } },
      schema: {
        tags: ['subscription'],
        summary: 'Whether the signed-in user is subscribed, and to which tier',
        response: { 200: subscriptionStatusSchema },
      },
    },
    async (request) => subscriptionService.getStatus(request.auth().user.id),
  );

  app.post(
    '/api/subscription/checkout',
    {
      config: { access: { role: 'user', feature: null } },
      schema: {
        tags: ['subscription'],
        summary: 'Start a checkout; the free tier activates at once',
        body: checkoutBodySchema,
        response: { 200: checkoutResultSchema },
      },
    },
    async (request) =>
      subscriptionService.startCheckout(request.auth().user.id, {
        tier: request.body.tier,
        interval: request.body.interval,
        language: requestLanguage(request.headers),
        couponCode: request.body.couponCode,
      }),
  );
};
