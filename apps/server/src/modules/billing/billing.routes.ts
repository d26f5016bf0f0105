import {
  checkoutSessionParamsSchema,
  checkoutSessionSchema,
  sandboxCancelResultSchema,
  sandboxPayBodySchema,
} from '@portal/shared/billing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BillingService } from './billing.service.ts';

const access = { role: 'user', feature: null } as const;

export const billingRoutes: FastifyPluginAsyncZod<{ billingService: BillingService }> = async (
  app,
  { billingService },
) => {
  app.get(
    '/api/billing/sessions/:sessionId',
    {
      config: { access },
      schema: {
        tags: ['billing'],
        summary: "The signed-in user's checkout session: plan, price, and whether it is paid",
        params: checkoutSessionParamsSchema,
        response: { 200: checkoutSessionSchema },
      },
    },
    async (request) => billingService.getSession(request.auth().user.id, request.params.sessionId),
  );

  app.post(
    '/api/billing/sandbox/:sessionId/pay',
    {
      config: { access },
      schema: {
        tags: ['billing'],
        summary: 'Pay a sandbox checkout with a test card; a repeated payment charges once',
        params: checkoutSessionParamsSchema,
        body: sandboxPayBodySchema,
        response: { 200: checkoutSessionSchema },
      },
    },
    async (request) => billingService.paySandbox(request.auth().user.id, request.params.sessionId, request.body),
  );

  app.post(
    '/api/billing/sandbox/:sessionId/cancel',
    {
      config: { access },
      schema: {
        tags: ['billing'],
        summary: 'Leave a sandbox checkout without paying; nothing changes',
        params: checkoutSessionParamsSchema,
        response: { 200: sandboxCancelResultSchema },
      },
    },
    async (request) => billingService.cancelSandbox(request.auth().user.id, request.params.sessionId),
  );
};
