import { Readable } from 'node:stream';
import {
  ADMIN_USERS_EXPORT_PAGE_SIZE,
  adminUserActionResultSchema,
  adminUserDetailSchema,
  adminUserFiltersSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserParamsSchema,
  changeRoleBodySchema,
  createAdminUserBodySchema,
  createdAdminUserSchema,
  grantTierBodySchema,
} from '@portal/shared/admin-users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteApp } from '../../route-app.ts';
import { requestLanguage } from '../auth/request-language.ts';
import { usersCsv } from './admin-users.csv.ts';
import type { AdminUsersService } from './admin-users.service.ts';

const admin = { role: 'admin', feature: null } as const;
const tags = ['admin users'];
const action = { params: adminUserParamsSchema, response: { 200: adminUserActionResultSchema } };

/** The directory: the list and its CSV export. */
function registerDirectoryRoutes(app: RouteApp, service: AdminUsersService) {
  app.get(
    '/api/admin/users',
    {
      config: { access: admin },
      schema: {
        tags,
        summary: 'Search, filter and sort users; keyset pages of `limit` rows, `next_cursor` leads on',
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserListSchema },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/api/admin/users/export.csv',
    {
      config: { access: admin },
      schema: {
        tags,
        summary: 'Every user matching the filters as CSV, streamed',
        querystring: adminUserFiltersSchema,
      },
    },
    async (request, reply) => {
      const rows = service.exportRows(request.auth().user.id, request.query, ADMIN_USERS_EXPORT_PAGE_SIZE);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="users-${day}.csv"`)
        .send(Readable.from(usersCsv(rows)));
    },
  );
}

/** Creating a user and reading one. */
function registerUserRoutes(app: RouteApp, service: AdminUsersService) {
  app.post(
    '/api/admin/users',
    {
      config: { access: admin },
      schema: {
        tags,
        summary: 'Create a user with a role; an invitation mail leads them to choose a password',
        body: createAdminUserBodySchema,
        response: { 201: createdAdminUserSchema },
      },
    },
    async (request, reply) => {
      const created = await service.createUser(request.auth().user.id, request.body, requestLanguage(request.headers));
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/admin/users/:userId',
    {
      config: { access: admin },
      schema: {
        tags,
        summary: "A user's profile, role, plan, sessions, recent activity, XP and enrolments",
        params: adminUserParamsSchema,
        response: { 200: adminUserDetailSchema },
      },
    },
    async (request) => service.detail(request.params.userId),
  );
}

/** Account actions: role, suspension, sessions and password reset. */
function registerAccountRoutes(app: RouteApp, service: AdminUsersService) {
  app.put(
    '/api/admin/users/:userId/role',
    {
      config: { access: admin },
      schema: {
        tags,
        summary: 'Change the role (the last active admin keeps theirs)',
        body: changeRoleBodySchema,
        ...action,
      },
    },
    async (request) => service.changeRole(request.auth().user.id, request.params.userId, request.body.role),
  );

  app.post(
    '/api/admin/users/:userId/suspend',
    {
      config: { access: admin },
      schema: { tags, summary: 'Suspend the account: its sessions end and sign-in is refused', ...action },
    },
    async (request) => service.suspend(request.auth().user.id, request.params.userId),
  );

  app.post(
    '/api/admin/users/:userId/reactivate',
    { config: { access: admin }, schema: { tags, summary: 'Lift a suspension', ...action } },
    async (request) => service.reactivate(request.auth().user.id, request.params.userId),
  );

  app.post(
    '/api/admin/users/:userId/sign-out',
    { config: { access: admin }, schema: { tags, summary: 'End every session of the user', ...action } },
    async (request) => service.signOutEverywhere(request.auth().user.id, request.params.userId),
  );

  app.post(
    '/api/admin/users/:userId/password-reset',
    { config: { access: admin }, schema: { tags, summary: 'Mail the user a password reset link', ...action } },
    async (request) => service.sendPasswordReset(request.auth().user.id, request.params.userId),
  );
}

/** Complimentary plans and deleting an account. */
function registerPlanAndDeletionRoutes(app: RouteApp, service: AdminUsersService) {
  app.put(
    '/api/admin/users/:userId/complimentary-plan',
    {
      config: { access: admin },
      schema: {
        tags,
        summary: 'Grant a complimentary plan until the end of a day (UTC)',
        body: grantTierBodySchema,
        ...action,
      },
    },
    async (request) => service.grantTier(request.auth().user.id, request.params.userId, request.body),
  );

  app.delete(
    '/api/admin/users/:userId/complimentary-plan',
    { config: { access: admin }, schema: { tags, summary: 'Revoke a complimentary plan (back to calm)', ...action } },
    async (request) => service.revokeTier(request.auth().user.id, request.params.userId),
  );

  app.delete(
    '/api/admin/users/:userId',
    {
      config: { access: admin },
      schema: { tags, summary: 'Delete the account and its data, as its owner deleting it would', ...action },
    },
    async (request) => service.deleteUser(request.auth().user.id, request.params.userId),
  );
}

export const adminUsersRoutes: FastifyPluginAsyncZod<{ adminUsersService: AdminUsersService }> = async (
  app,
  { adminUsersService },
) => {
  registerDirectoryRoutes(app, adminUsersService);
  registerUserRoutes(app, adminUsersService);
  registerAccountRoutes(app, adminUsersService);
  registerPlanAndDeletionRoutes(app, adminUsersService);
};
