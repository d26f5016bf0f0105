import {
  inviteMemberBodySchema,
  inviteResultSchema,
  inviteTokenBodySchema,
  seatParamsSchema,
  sharedPlanSchema,
} from '@portal/shared/seats';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteApp } from '../../route-app.ts';
import { requestLanguage } from '../auth/request-language.ts';
import type { SeatsService } from './seats.service.ts';

const user = { role: 'user', feature: null } as const;
const tags = ['shared plan'];

/** The overview of the shared plan, and the owner's invitations. */
function registerSharedPlanInvitationRoutes(app: RouteApp, seatsService: SeatsService) {
  app.get(
    '/api/shared-plan',
    {
      config: { access: user },
      schema: {
        tags,
        summary: 'The owner’s seats and invitations, or the shared plan the user is a member of',
        response: { 200: sharedPlanSchema },
      },
    },
    async (request) => seatsService.overview(request.auth().user.id),
  );

  app.post(
    '/api/shared-plan/invites',
    {
      config: { access: { role: 'user', feature: 'shared_plan' } },
      schema: {
        tags,
        summary: 'Invite a member by email (up to 5 seats)',
        body: inviteMemberBodySchema,
        response: { 200: sharedPlanSchema },
      },
    },
    async (request) =>
      seatsService.invite(request.auth().user.id, request.body.email, requestLanguage(request.headers)),
  );

  app.post(
    '/api/shared-plan/seats/:seatId/resend',
    {
      config: { access: { role: 'user', feature: 'shared_plan' } },
      schema: {
        tags,
        summary: 'Send a pending invitation again with a new link',
        params: seatParamsSchema,
        response: { 200: sharedPlanSchema },
      },
    },
    async (request) => seatsService.resend(request.auth().user.id, request.params.seatId),
  );
}

/** Releasing a seat (the owner), and taking or leaving one (the member). */
function registerSharedPlanSeatRoutes(app: RouteApp, seatsService: SeatsService) {
  app.delete(
    '/api/shared-plan/seats/:seatId',
    {
      config: { access: user },
      schema: {
        tags,
        summary: 'Revoke a pending invitation or remove a member',
        params: seatParamsSchema,
        response: { 200: sharedPlanSchema },
      },
    },
    async (request) => seatsService.release(request.auth().user.id, request.params.seatId),
  );

  app.post(
    '/api/shared-plan/accept',
    {
      config: { access: user },
      schema: {
        tags,
        summary: 'Accept an invitation sent to the signed-in user’s email address',
        body: inviteTokenBodySchema,
        response: { 200: inviteResultSchema },
      },
    },
    async (request) =>
      seatsService.accept(request.auth().user.id, request.body.token, requestLanguage(request.headers)),
  );

  app.post(
    '/api/shared-plan/leave',
    {
      config: { access: user },
      schema: { tags, summary: 'Leave the shared plan the user is a member of', response: { 200: sharedPlanSchema } },
    },
    async (request) => seatsService.leave(request.auth().user.id),
  );
}

export const seatsRoutes: FastifyPluginAsyncZod<{ seatsService: SeatsService }> = async (app, { seatsService }) => {
  registerSharedPlanInvitationRoutes(app, seatsService);
  registerSharedPlanSeatRoutes(app, seatsService);
};
