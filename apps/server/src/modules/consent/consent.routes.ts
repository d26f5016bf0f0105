import {
  consentHistorySchema,
  currentConsentSchema,
  saveConsentBodySchema,
  withdrawConsentBodySchema,
} from '@portal/shared/consent';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteApp } from '../../route-app.ts';
import { presentConsent, presentCurrentConsent } from './consent.presenter.ts';
import type { ConsentContext, ConsentService } from './consent.service.ts';

const access = { role: 'user', feature: null } as const;
/** The address is the client IP as Fastify sees it (proxy headers count only with TRUST_PROXY), never the body. */
const contextOf = (request: FastifyRequest): ConsentContext => ({
  ipAddress: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
  log: request.log,
});

function registerCurrentConsentRoutes(app: RouteApp, consentService: ConsentService) {
  app.get(
    '/api/consent',
    {
      config: { access },
      schema: {
        tags: ['consent'],
        summary: "The signed-in user's cookie consent in force, one decision per type",
        response: { 200: currentConsentSchema },
      },
    },
    async (request) => presentCurrentConsent(await consentService.getCurrent(request.auth().user.id)),
  );

  app.post(
    '/api/consent',
    {
      config: { access },
      schema: {
        tags: ['consent'],
        summary: 'Record a cookie choice: one row per type, essential always granted',
        body: saveConsentBodySchema,
        response: { 200: currentConsentSchema },
      },
    },
    async (request) =>
      presentCurrentConsent(await consentService.save(request.auth().user.id, request.body, contextOf(request))),
  );
}

function registerWithdrawalRoute(app: RouteApp, consentService: ConsentService) {
  app.post(
    '/api/consent/withdraw',
    {
      config: { access },
      schema: {
        tags: ['consent'],
        summary: 'Withdraw consent for one optional type',
        body: withdrawConsentBodySchema,
        response: { 200: currentConsentSchema },
      },
    },
    async (request) =>
      presentCurrentConsent(
        await consentService.withdraw(request.auth().user.id, request.body.consent_type, contextOf(request)),
      ),
  );
}

function registerHistoryRoute(app: RouteApp, consentService: ConsentService) {
  app.get(
    '/api/consent/history',
    {
      config: { access },
      schema: {
        tags: ['consent'],
        summary: 'Every cookie decision of the signed-in user, newest first',
        response: { 200: consentHistorySchema },
      },
    },
    async (request) => ({ history: (await consentService.getHistory(request.auth().user.id)).map(presentConsent) }),
  );
}

export const consentRoutes: FastifyPluginAsyncZod<{ consentService: ConsentService }> = async (
  app,
  { consentService },
) => {
  registerCurrentConsentRoutes(app, consentService);
  registerWithdrawalRoute(app, consentService);
  registerHistoryRoute(app, consentService);
};
