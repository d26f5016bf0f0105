import {
  adminBetaUpdatesSchema,
  betaAccessResultSchema,
  betaFeedSchema,
  betaReadResultSchema,
  betaUpdateParamsSchema,
  betaUserParamsSchema,
  betaUsersPageSchema,
  betaUsersQuerySchema,
  postBetaUpdateBodySchema,
  setBetaAccessBodySchema,
  storedBetaUpdateSchema,
} from '@portal/shared/beta';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteApp } from '../../route-app.ts';
import type { BetaService } from './beta.service.ts';

const admin = { role: 'admin', feature: null } as const;
const user = { role: 'user', feature: null } as const;
const tags = ['beta'];

function registerBetaUserRoutes(app: RouteApp, betaService: BetaService) {
  app.get(
    '/api/admin/beta/users',
    {
      config: { access: admin },
      schema: {
        tags,
        summary: 'Beta users by email; with a search, any user whose name or email matches',
        querystring: betaUsersQuerySchema,
        response: { 200: betaUsersPageSchema },
      },
    },
    async (request) => betaService.listUsers(request.query),
  );

  app.put(
    '/api/admin/beta/users/:userId',
    {
      config: { access: admin },
      schema: {
        tags,
        summary: "Grant or revoke a user's beta access (idempotent, audited)",
        params: betaUserParamsSchema,
        body: setBetaAccessBodySchema,
        response: { 200: betaAccessResultSchema },
      },
    },
    async (request) =>
      betaService.setBetaAccess(request.auth().user.id, request.params.userId, request.body.beta_access),
  );
}

function registerBetaUpdatePostingRoutes(app: RouteApp, betaService: BetaService) {
  app.post(
    '/api/admin/beta/updates',
    {
      config: { access: admin },
      schema: {
        tags,
        summary: 'Store a beta update and show it at once to every beta user with the app open',
        body: postBetaUpdateBodySchema,
        response: { 200: storedBetaUpdateSchema },
      },
    },
    async (request) => betaService.postUpdate(request.auth().user.id, request.body),
  );

  app.get(
    '/api/admin/beta/updates',
    {
      config: { access: admin },
      schema: {
        tags,
        summary: 'Past beta updates, newest first, with how many beta users saw each live, later or not yet',
        response: { 200: adminBetaUpdatesSchema },
      },
    },
    async () => betaService.listUpdatesForAdmin(),
  );
}

export const betaAdminRoutes: FastifyPluginAsyncZod<{ betaService: BetaService }> = async (app, { betaService }) => {
  registerBetaUserRoutes(app, betaService);
  registerBetaUpdatePostingRoutes(app, betaService);
};

function registerBetaFeedRoutes(app: RouteApp, betaService: BetaService) {
  app.get(
    '/api/beta/updates',
    {
      config: { access: user },
      schema: {
        tags,
        summary: '"What\'s new" for a beta user with the unread count; empty with beta_access false for others',
        response: { 200: betaFeedSchema },
      },
    },
    async (request) => betaService.feedOf(request.auth().user.id),
  );

  app.post(
    '/api/beta/updates/read-all',
    {
      config: { access: user },
      schema: { tags, summary: 'Mark every beta update read', response: { 200: betaReadResultSchema } },
    },
    async (request) => betaService.markAllRead(request.auth().user.id),
  );
}

function registerBetaUpdateReadRoutes(app: RouteApp, betaService: BetaService) {
  app.post(
    '/api/beta/updates/:updateId/read',
    {
      config: { access: user },
      schema: {
        tags,
        summary: 'Mark one beta update read',
        params: betaUpdateParamsSchema,
        response: { 200: betaReadResultSchema },
      },
    },
    async (request) => betaService.markRead(request.auth().user.id, request.params.updateId),
  );

  app.post(
    '/api/beta/updates/:updateId/delivered',
    {
      config: { access: user },
      schema: {
        tags,
        summary: 'Confirm that the update was shown live as a toast',
        params: betaUpdateParamsSchema,
        response: { 200: betaReadResultSchema },
      },
    },
    async (request) => betaService.acknowledgeDelivery(request.auth().user.id, request.params.updateId),
  );
}

export const betaRoutes: FastifyPluginAsyncZod<{ betaService: BetaService }> = async (app, { betaService }) => {
  registerBetaFeedRoutes(app, betaService);
  registerBetaUpdateReadRoutes(app, betaService);
};
