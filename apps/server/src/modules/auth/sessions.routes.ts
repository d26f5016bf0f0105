import { accountSessionsSchema, sessionIdParamsSchema } from '@portal/shared/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { Auth } from './auth.ts';
import { callAuth, headersOf } from './call-auth.ts';
import { listAccountSessions, revokeAccountSession } from './sessions.service.ts';

const sessionNotFound = () => new AppError('not_found', 'No such session.');
const signedIn = { role: 'user', feature: null } as const;

export const sessionRoutes: FastifyPluginAsyncZod<{ auth: Auth }> = async (app, { auth }) => {
  app.get(
    '/api/account/sessions',
    {
      config: { access: signedIn },
      schema: {
        tags: ['account'],
        summary: "The signed-in user's active sessions (devices), this one marked current",
        response: { 200: accountSessionsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { user, session } = request.auth();
      return { sessions: await listAccountSessions(auth, { userId: user.id, currentSessionId: session.id }) };
    },
  );

  app.delete(
    '/api/account/sessions/:id',
    {
      config: { access: signedIn },
      schema: {
        tags: ['account'],
        summary: "Sign out one of the signed-in user's sessions (404 for any other session)",
        params: sessionIdParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const { user, session } = request.auth();
      if (request.params.id === session.id) {
        await callAuth(request, reply, () => auth.api.signOut({ headers: headersOf(request), returnHeaders: true }));
        return { ok: true as const };
      }
      if (!(await revokeAccountSession(auth, { userId: user.id, sessionId: request.params.id }))) {
        throw sessionNotFound();
      }
      return { ok: true as const };
    },
  );
};
