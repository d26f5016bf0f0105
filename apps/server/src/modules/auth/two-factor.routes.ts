import {
  backupCodesSchema,
  isTotpCode,
  passwordConfirmationBodySchema,
  signedInSchema,
  twoFactorEnrolmentSchema,
  twoFactorStatusSchema,
  verifyTwoFactorBodySchema,
} from '@portal/shared/auth';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { RouteApp } from '../../route-app.ts';
import { twoFactorOff } from './auth.errors.ts';
import type { Auth } from './auth.ts';
import { callAuth, headersOf, sessionTokenFrom } from './call-auth.ts';
import { findTwoFactorStatus, totpSecretOf } from './two-factor.service.ts';

const okSchema = z.object({ ok: z.literal(true) });
/** How long an authenticator code can be accepted: its 30 s step and one step either side of it. */
const TOTP_CODE_VALID_MS = 90_000;
const signedIn = { role: 'user', feature: null } as const;

type TwoFactorRouteDeps = { auth: Auth; limited: { rateLimit: { max: number; timeWindow: string } } };

export const twoFactorRoutes: FastifyPluginAsyncZod<{ auth: Auth; rateLimitPerMinute: number }> = async (
  app,
  { auth, rateLimitPerMinute },
) => {
  const deps = { auth, limited: { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } } };
  registerTwoFactorEnrolmentRoutes(app, deps);
  registerTwoFactorVerifyRoute(app, deps);
  registerTwoFactorDisableRoute(app, deps);
  registerBackupCodeRenewalRoute(app, deps);
  registerBackupCodeViewRoute(app, deps);
};

/**
 * An authenticator code signs in once (RFC 6238): one seen or overheard cannot sign in again while it is valid. A
 * code that signed this user in before is refused, and the session it just opened is closed again.
 */
async function refuseReusedCode(
  auth: Auth,
  reply: FastifyReply,
  { userId, code, token }: { userId: string; code: string; token: string | undefined },
) {
  const context = await auth.$context;
  const identifier = `totp-used:${userId}:${code}`;
  const used = await context.internalAdapter.findVerificationValue(identifier);
  if (used && used.expiresAt > new Date()) {
    if (token) await context.internalAdapter.deleteSession(token);
    reply.removeHeader('set-cookie');
    reply.removeHeader('set-auth-token');
    throw new AppError('unauthorized', 'This code was used already. Sign in again with the next code.', {
      reasons: ['code_reused'],
    });
  }
  await context.internalAdapter.createVerificationValue({
    identifier,
    value: 'used',
    expiresAt: new Date(Date.now() + TOTP_CODE_VALID_MS),
  });
}

function registerTwoFactorEnrolmentRoutes(app: RouteApp, { auth, limited }: TwoFactorRouteDeps) {
  app.get(
    '/api/account/two-factor',
    {
      config: { access: signedIn },
      schema: {
        tags: ['account'],
        summary: 'Whether two-factor authentication is on, and how many backup codes are left',
        response: { 200: twoFactorStatusSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return findTwoFactorStatus(auth, request.auth().user.id);
    },
  );

  app.post(
    '/api/account/two-factor/enable',
    {
      config: { ...limited, access: signedIn },
      schema: {
        tags: ['account'],
        summary: 'Start two-factor enrolment: returns the authenticator link, its secret and backup codes',
        description: 'Two-factor authentication is on only after a code from the authenticator is sent to /verify.',
        body: passwordConfirmationBodySchema,
        response: { 200: twoFactorEnrolmentSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await callAuth(request, reply, () =>
        auth.api.enableTwoFactor({
          headers: headersOf(request),
          returnHeaders: true,
          body: { password: request.body.password, method: 'totp' },
        }),
      );
      if (!('totpURI' in result) || !result.totpURI || !result.backupCodes) {
        throw new Error('Two-factor enrolment returned no authenticator link');
      }
      return { totpURI: result.totpURI, secret: totpSecretOf(result.totpURI), backupCodes: result.backupCodes };
    },
  );
}

function registerTwoFactorVerifyRoute(app: RouteApp, { auth, limited }: TwoFactorRouteDeps) {
  app.post(
    '/api/account/two-factor/verify',
    {
      config: { ...limited, access: { role: 'anonymous', feature: null } },
      schema: {
        tags: ['account'],
        summary: 'Check a two-factor code: finishes enrolment when signed in, otherwise completes a pending sign-in',
        description:
          'After a sign-in answered { twoFactorRequired: true }, send a 6-digit authenticator code or a backup code (each backup code works once). Sets the session cookie and returns a bearer token.',
        body: verifyTwoFactorBodySchema,
        response: { 200: signedInSchema },
      },
    },
    async (request, reply) => {
      const { code, trustDevice } = request.body;
      const headers = headersOf(request);
      if (await request.loadAuth()) {
        if (!isTotpCode(code)) {
          throw new AppError('bad_request', 'Enter the 6-digit code from your authenticator app.');
        }
        const confirmed = await callAuth(request, reply, () =>
          auth.api.verifyTOTP({ headers, returnHeaders: true, body: { code } }),
        );
        // Turning two-factor on replaces the session; the new token is in the headers just forwarded.
        return { user: { id: confirmed.user.id }, token: sessionTokenFrom(reply) ?? confirmed.token };
      }
      if (!isTotpCode(code)) {
        const signedIn = await callAuth(request, reply, () =>
          auth.api.verifyBackupCode({ headers, returnHeaders: true, body: { code, trustDevice } }),
        );
        return { user: { id: signedIn.user.id }, token: signedIn.token ?? '' };
      }
      const signedIn = await callAuth(request, reply, () =>
        auth.api.verifyTOTP({ headers, returnHeaders: true, body: { code, trustDevice } }),
      );
      await refuseReusedCode(auth, reply, {
        userId: signedIn.user.id,
        code,
        token: signedIn.token ?? sessionTokenFrom(reply) ?? undefined,
      });
      return { user: { id: signedIn.user.id }, token: signedIn.token ?? '' };
    },
  );
}

function registerTwoFactorDisableRoute(app: RouteApp, { auth, limited }: TwoFactorRouteDeps) {
  app.post(
    '/api/account/two-factor/disable',
    {
      config: { ...limited, access: signedIn },
      schema: {
        tags: ['account'],
        summary: 'Turn two-factor authentication off (needs the current password and a recent sign-in)',
        body: passwordConfirmationBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      await callAuth(request, reply, () =>
        auth.api.disableTwoFactor({
          headers: headersOf(request),
          returnHeaders: true,
          body: { password: request.body.password },
        }),
      );
      return { ok: true as const };
    },
  );
}

function registerBackupCodeRenewalRoute(app: RouteApp, { auth, limited }: TwoFactorRouteDeps) {
  app.post(
    '/api/account/two-factor/backup-codes',
    {
      config: { ...limited, access: signedIn },
      schema: {
        tags: ['account'],
        summary: 'Replace the backup codes with new ones (the old ones stop working)',
        body: passwordConfirmationBodySchema,
        response: { 200: backupCodesSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { backupCodes } = await callAuth(request, reply, () =>
        auth.api.generateBackupCodes({
          headers: headersOf(request),
          returnHeaders: true,
          body: { password: request.body.password },
        }),
      );
      return { backupCodes };
    },
  );
}

function registerBackupCodeViewRoute(app: RouteApp, { auth, limited }: TwoFactorRouteDeps) {
  app.post(
    '/api/account/two-factor/backup-codes/view',
    {
      config: { ...limited, access: signedIn },
      schema: {
        tags: ['account'],
        summary: 'Show the unused backup codes (needs the current password and a recent sign-in)',
        body: passwordConfirmationBodySchema,
        response: { 200: backupCodesSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { user } = request.auth();
      await callAuth(request, reply, () =>
        auth.api.verifyPassword({
          headers: headersOf(request),
          returnHeaders: true,
          body: { password: request.body.password },
        }),
      );
      const status = await findTwoFactorStatus(auth, user.id);
      if (!status.enabled) throw twoFactorOff();
      const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId: user.id } });
      return { backupCodes };
    },
  );
}
