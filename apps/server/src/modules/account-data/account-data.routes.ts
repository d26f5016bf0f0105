import { accountExportFileName, accountExportSchema, deleteAccountBodySchema } from '@portal/shared/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { RouteApp } from '../../route-app.ts';
import type { Auth } from '../auth/auth.ts';
import { callAuth, headersOf } from '../auth/call-auth.ts';
import { createAccountDataRepository } from './account-data.repository.ts';
import { createAccountDataService, type RecordAccountAudit } from './account-data.service.ts';
import type { AccountErasure } from './account-erasure.ts';

type AccountDataRouteDeps = {
  accountData: ReturnType<typeof createAccountDataService>;
  auth: Auth;
  limited: { rateLimit: { max: number; timeWindow: string } };
};

function registerExportRoute(app: RouteApp, { accountData, limited }: AccountDataRouteDeps) {
  app.get(
    '/api/account/export',
    {
      config: { ...limited, access: { role: 'user', feature: null } },
      schema: {
        tags: ['account'],
        summary: 'Download everything held on the signed-in user as JSON (no passwords, tokens or two-factor secrets)',
        response: { 200: accountExportSchema },
      },
    },
    async (request, reply) => {
      const data = await accountData.exportAccount({
        userId: request.auth().user.id,
        ipAddress: request.ip ?? null,
        log: request.log,
      });
      reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${accountExportFileName(new Date(data.exported_at))}"`);
      return data;
    },
  );
}

function registerDeleteRoute(app: RouteApp, { accountData, auth, limited }: AccountDataRouteDeps) {
  app.post(
    '/api/account/delete',
    {
      config: { ...limited, access: { role: 'user', feature: null } },
      schema: {
        tags: ['account'],
        summary: 'Delete the signed-in account and all its data; needs the password and the word DELETE',
        body: deleteAccountBodySchema,
        response: { 204: z.null().describe('The account is gone and the session cookie cleared') },
      },
    },
    async (request, reply) => {
      const { user, session } = request.auth();
      await accountData.deleteAccount({
        userId: user.id,
        password: request.body.password,
        sessionCreatedAt: new Date((session as { createdAt?: Date | string }).createdAt ?? 0),
        ipAddress: request.ip ?? null,
        log: request.log,
      });
      // The session row went with the user; this clears the browser's cookies.
      await callAuth(request, reply, () => auth.api.signOut({ headers: headersOf(request), returnHeaders: true }));
      return reply.status(204).send(null);
    },
  );
}

/** Data export and account deletion from settings; `audit` receives both (a no-op until one is given). */
export const accountDataRoutes: FastifyPluginAsyncZod<{
  db: Db;
  auth: Auth;
  rateLimitPerMinute: number;
  audit?: RecordAccountAudit;
  erasure?: AccountErasure;
}> = async (app, { db, auth, rateLimitPerMinute, audit, erasure }) => {
  const accountData = createAccountDataService({
    repository: createAccountDataRepository({ db }),
    auth,
    audit,
    erasure,
  });
  const limited = { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } };
  registerExportRoute(app, { accountData, auth, limited });
  registerDeleteRoute(app, { accountData, auth, limited });
};
