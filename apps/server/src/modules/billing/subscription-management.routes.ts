import {
  changePlanBodySchema,
  changePlanResultSchema,
  changeQuoteSchema,
  invoiceListSchema,
  invoiceParamsSchema,
  invoiceSchema,
  paymentMethodResultSchema,
  portalResultSchema,
  sandboxCardBodySchema,
  subscriptionDetailsSchema,
} from '@portal/shared/subscription-management';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteApp } from '../../route-app.ts';
import { requestLanguage } from '../auth/request-language.ts';
import type { SubscriptionManagementService } from './subscription-management.service.ts';

const access = { role: 'user', feature: null } as const;
const tags = ['billing'];

/** The plan, and changing its tier or interval. */
function registerPlanChangeRoutes(app: RouteApp, management: SubscriptionManagementService) {
  app.get(
    '/api/billing/subscription',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The signed-in user’s plan: tier, status, renewal or end date, interval and what is scheduled',
        response: { 200: subscriptionDetailsSchema },
      },
    },
    async (request) => management.details(request.auth().user.id),
  );

  app.get(
    '/api/billing/subscription/change-quote',
    {
      config: { access },
      schema: {
        tags,
        summary: 'What a plan change would charge now and when it would start; changes nothing',
        querystring: changePlanBodySchema,
        response: { 200: changeQuoteSchema },
      },
    },
    async (request) => management.quoteChange(request.auth().user.id, request.query),
  );

  app.post(
    '/api/billing/subscription/change',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Change plan or interval: upgrades start at once (prorated charge), downgrades at the period end',
        body: changePlanBodySchema,
        response: { 200: changePlanResultSchema },
      },
    },
    async (request) => management.changePlan(request.auth().user.id, request.body, requestLanguage(request.headers)),
  );
}

/** What happens at the period end: undoing a scheduled change, canceling and resuming. */
function registerPeriodEndRoutes(app: RouteApp, management: SubscriptionManagementService) {
  app.delete(
    '/api/billing/subscription/scheduled-change',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Undo a plan change scheduled for the period end',
        response: { 200: subscriptionDetailsSchema },
      },
    },
    async (request) => management.undoScheduledChange(request.auth().user.id, requestLanguage(request.headers)),
  );

  app.post(
    '/api/billing/subscription/cancel',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Cancel at the period end; the plan stays until then',
        response: { 200: subscriptionDetailsSchema },
      },
    },
    async (request) => management.cancel(request.auth().user.id, requestLanguage(request.headers)),
  );

  app.post(
    '/api/billing/subscription/resume',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Resume a plan canceled at the period end',
        response: { 200: subscriptionDetailsSchema },
      },
    },
    async (request) => management.resume(request.auth().user.id, requestLanguage(request.headers)),
  );
}

/** The user's receipts. */
function registerInvoiceRoutes(app: RouteApp, management: SubscriptionManagementService) {
  app.get(
    '/api/billing/invoices',
    {
      config: { access },
      schema: { tags, summary: 'The user’s paid invoices, newest first', response: { 200: invoiceListSchema } },
    },
    async (request) => ({ invoices: await management.invoices(request.auth().user.id) }),
  );

  app.get(
    '/api/billing/invoices/:invoiceId',
    {
      config: { access },
      schema: {
        tags,
        summary: 'One of the user’s invoices, for the printable receipt',
        params: invoiceParamsSchema,
        response: { 200: invoiceSchema },
      },
    },
    async (request) => management.invoice(request.auth().user.id, request.params.invoiceId),
  );
}

/** The provider's portal and the card on file. */
function registerPaymentMethodRoutes(app: RouteApp, management: SubscriptionManagementService) {
  app.post(
    '/api/billing/portal',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The provider’s customer portal, where the payment method is changed',
        response: { 200: portalResultSchema },
      },
    },
    async (request) => management.portal(request.auth().user.id),
  );

  app.get(
    '/api/billing/payment-method',
    {
      config: { access },
      schema: { tags, summary: 'The card on file', response: { 200: paymentMethodResultSchema } },
    },
    async (request) => ({ payment_method: await management.paymentMethod(request.auth().user.id) }),
  );

  app.post(
    '/api/billing/sandbox/payment-method',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Change the test card on the sandbox portal page',
        body: sandboxCardBodySchema,
        response: { 200: paymentMethodResultSchema },
      },
    },
    async (request) => ({
      payment_method: await management.updateSandboxCard(request.auth().user.id, request.body.cardNumber),
    }),
  );
}

export const subscriptionManagementRoutes: FastifyPluginAsyncZod<{
  management: SubscriptionManagementService;
}> = async (app, { management }) => {
  registerPlanChangeRoutes(app, management);
  registerPeriodEndRoutes(app, management);
  registerInvoiceRoutes(app, management);
  registerPaymentMethodRoutes(app, management);
};
