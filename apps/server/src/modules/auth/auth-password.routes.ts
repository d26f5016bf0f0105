import { changePasswordBodySchema, requestPasswordResetBodySchema, resetPasswordBodySchema } from '@portal/shared/auth';
import { passwordWeaknesses } from '@portal/shared/password';
import { describePasswordWeaknesses, type PasswordContext } from '@portal/shared/password-rules';
import { z } from 'zod';
import { AppError, sessionMissing } from '../../errors.ts';
import type { RouteApp } from '../../route-app.ts';
import { findResetTokenOwner } from './auth.service.ts';
import type { Auth } from './auth.ts';
import { callAuth, headersOf } from './call-auth.ts';

type PasswordRouteDeps = { auth: Auth; limited: { rateLimit: { max: number; timeWindow: string } } };

const okSchema = z.object({ ok: z.literal(true) });
/** Open to anyone: the routes that need a session answer the spec's 400 `session_missing` themselves. */
const anyone = { role: 'anonymous', feature: null } as const;

export function assertStrongPassword(password: string, context: PasswordContext) {
  const reasons = describePasswordWeaknesses(passwordWeaknesses(password, context));
  if (reasons.length > 0) throw new AppError('weak_password', 'Password is too weak.', { reasons });
}

export function registerPasswordResetRoutes(app: RouteApp, { auth, limited }: PasswordRouteDeps) {
  app.post(
    '/api/account/request-password-reset',
    {
      config: { ...limited, access: anyone },
      schema: {
        tags: ['account'],
        summary: 'Email a password reset link (answers the same whether or not the address exists)',
        body: requestPasswordResetBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      await callAuth(request, reply, () =>
        auth.api.requestPasswordReset({
          headers: headersOf(request),
          returnHeaders: true,
          body: { email: request.body.email, redirectTo: '/reset-password' },
        }),
      );
      return { ok: true as const };
    },
  );

  app.post(
    '/api/account/reset-password',
    {
      config: { ...limited, access: anyone },
      schema: {
        tags: ['account'],
        summary: 'Set a new password with the token from the reset link',
        body: resetPasswordBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      const owner = await findResetTokenOwner(auth, request.body.token);
      assertStrongPassword(request.body.newPassword, { ...owner });
      await callAuth(request, reply, () =>
        auth.api.resetPassword({ headers: headersOf(request), returnHeaders: true, body: request.body }),
      );
      return { ok: true as const };
    },
  );
}

export function registerPasswordChangeRoute(app: RouteApp, { auth, limited }: PasswordRouteDeps) {
  app.post(
    '/api/account/change-password',
    {
      config: { ...limited, access: anyone },
      schema: {
        tags: ['account'],
        summary: "Change the signed-in user's password",
        body: changePasswordBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      const context = await request.loadAuth();
      if (!context) throw sessionMissing();
      if (request.body.newPassword === request.body.currentPassword) {
        throw new AppError('bad_request', 'The new password must differ from the current one.', {
          reasons: ['same_password'],
        });
      }
      assertStrongPassword(request.body.newPassword, context.user);
      await callAuth(request, reply, () =>
        auth.api.changePassword({ headers: headersOf(request), returnHeaders: true, body: request.body }),
      );
      return { ok: true as const };
    },
  );
}
