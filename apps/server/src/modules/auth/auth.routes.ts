import { randomUUID } from 'node:crypto';
import {
  changeEmailBodySchema,
  PHONE_ONLY_EMAIL_DOMAIN,
  resendVerificationBodySchema,
  signInBodySchema,
  signInResultSchema,
  signOutBodySchema,
  signUpBodySchema,
  verifyPhoneBodySchema,
} from '@portal/shared/auth';
import type { InterfaceLanguage } from '@portal/shared/language';
import { meSchema } from '@portal/shared/me';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, sessionMissing } from '../../errors.ts';
import type { RouteApp } from '../../route-app.ts';
import type { Mailer } from '../mail/mail.service.ts';
import type { ProfileService } from '../profile/profile.service.ts';
import { presentSessionUser } from './auth.presenter.ts';
import { attachUnverifiedPhoneNumber, hasUnverifiedPhoneNumber } from './auth.service.ts';
import type { Auth } from './auth.ts';
import {
  assertStrongPassword,
  registerPasswordChangeRoute,
  registerPasswordResetRoutes,
} from './auth-password.routes.ts';
import { callAuth, headersOf } from './call-auth.ts';
import { requestLanguage } from './request-language.ts';
import { sessionRoutes } from './sessions.routes.ts';
import { createSignInLockoutRepository } from './sign-in-lockout.repository.ts';
import { createSignInLockoutService, type SignInLockoutService } from './sign-in-lockout.service.ts';
import { createSignUpService, type SignUpService } from './sign-up.service.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';

const okSchema = z.object({ ok: z.literal(true) });
const signUpResultSchema = z.object({ verification: z.enum(['email', 'sms']) });
/** Open to anyone: the routes that need a session answer the spec's 400 `session_missing` themselves. */
const anyone = { role: 'anonymous', feature: null } as const;

type AccountRouteDeps = {
  auth: Auth;
  signUps: SignUpService;
  lockout: SignInLockoutService;
  limited: { rateLimit: { max: number; timeWindow: string } };
};

type AuthRoutesOptions = {
  auth: Auth;
  db: Db;
  mailer: Mailer;
  profileService: Pick<ProfileService, 'primaryLanguageOf'>;
  /** Signs the known-device cookie. */
  secret: string;
  publicUrl: string;
  rateLimitPerMinute: number;
};

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, db, mailer, profileService, secret, publicUrl, rateLimitPerMinute },
) => {
  const limited = { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } };
  const signUps = createSignUpService({ auth, mailer, profiles: profileService, publicUrl });
  const lockout = createSignInLockoutService({
    auth,
    lockoutRepository: createSignInLockoutRepository({ db }),
    device: { secret, secure: publicUrl.startsWith('https://') },
  });
  await app.register(twoFactorRoutes, { auth, rateLimitPerMinute });
  await app.register(sessionRoutes, { auth });

  const deps = { auth, signUps, lockout, limited };
  registerSignUpRoute(app, deps);
  registerSignInRoute(app, deps);
  registerPhoneVerificationRoute(app, deps);
  registerResendVerificationRoute(app, deps);
  registerPasswordResetRoutes(app, deps);
  registerPasswordChangeRoute(app, deps);
  registerEmailChangeRoute(app, deps);
  registerSignOutRoute(app, deps);
  registerMeRoute(app);
};

type SignUpBody = z.infer<typeof signUpBodySchema>;
type SignUpCall = {
  request: FastifyRequest;
  reply: FastifyReply;
  headers: Headers;
  body: SignUpBody;
  language: InterfaceLanguage;
};

/** Creates the account; null when a concurrent request registered the same address first. */
async function createPasswordAccount(
  { auth, signUps }: AccountRouteDeps,
  { request, reply, headers, body, language }: SignUpCall,
) {
  const { email, phoneNumber, password = '', name } = body;
  return callAuth(request, reply, () =>
    auth.api.signUpEmail({
      headers,
      returnHeaders: true,
      body: {
        email: email ?? `${randomUUID()}@${PHONE_ONLY_EMAIL_DOMAIN}`,
        password,
        name: name ?? email?.split('@')[0] ?? phoneNumber ?? '',
        callbackURL: '/auth/confirm',
      },
    }),
  ).catch(async (error: unknown) => {
    // Registered by a concurrent request a moment ago: that account's owner is told, like any taken address.
    if (!(error instanceof AppError && error.code === 'user_exists')) throw error;
    await signUps.notifyOwners(Object.values(await signUps.findOwners({ email, phoneNumber })), language);
    return null;
  });
}

function registerSignUpRoute(app: RouteApp, deps: AccountRouteDeps) {
  const { auth, signUps, limited } = deps;
  app.post(
    '/api/account/sign-up',
    {
      config: { ...limited, access: anyone },
      schema: {
        tags: ['account'],
        summary: 'Sign up with an email address or a phone number, and a password',
        description:
          'An address or number that already has an account gets the same answer as a new one; its owner is told by mail or text instead.',
        body: signUpBodySchema,
        response: { 201: signUpResultSchema },
      },
    },
    async (request, reply) => {
      const { email, phoneNumber, password = '', name } = request.body;
      assertStrongPassword(password, { email, name, phoneNumber });
      const answer = { verification: email ? ('email' as const) : ('sms' as const) };
      const language = requestLanguage(request.headers);
      const owners = await signUps.findOwners({ email, phoneNumber });
      if (owners.byEmail || (!email && owners.byPhone)) {
        await signUps.hashLikeANewAccount(password);
        await signUps.notifyOwners([owners.byEmail, owners.byPhone], language);
        return reply.status(201).send(answer);
      }
      const headers = headersOf(request);
      const created = await createPasswordAccount(deps, { request, reply, headers, body: request.body, language });
      if (!created) return reply.status(201).send(answer);
      // A number another account holds stays with it; that owner is told instead.
      if (owners.byPhone) await signUps.notifyOwners([owners.byPhone], language);
      else if (phoneNumber) await attachUnverifiedPhoneNumber(auth, { userId: created.user.id, phoneNumber });
      if (!email && phoneNumber) {
        await callAuth(request, reply, () =>
          auth.api.sendPhoneNumberOTP({ headers, returnHeaders: true, body: { phoneNumber } }),
        );
      }
      return reply.status(201).send(answer);
    },
  );
}

function registerSignInRoute(app: RouteApp, { auth, lockout, limited }: AccountRouteDeps) {
  app.post(
    '/api/account/sign-in',
    {
      config: { ...limited, access: anyone },
      schema: {
        tags: ['account'],
        summary:
          'Sign in with email or phone number and password; sets the session cookie and returns a bearer token, or asks for the two-factor code',
        description:
          'A wrong password, an unknown account and an unconfirmed one all answer 401 invalid_credentials. After 10 failures within 15 minutes the account answers 429 account_locked for 15 minutes (the right password included), except in a browser that signed in to it before; a password reset lifts the lock.',
        body: signInBodySchema,
        response: { 200: signInResultSchema },
      },
    },
    async (request, reply) => {
      const { email, phoneNumber, password, rememberMe } = request.body;
      const headers = headersOf(request);
      const result = await lockout.signIn(request, reply, { email, phoneNumber }, async () =>
        email
          ? await callAuth(request, reply, () =>
              auth.api.signInEmail({
                headers,
                returnHeaders: true,
                body: { email, password: password ?? '', rememberMe, callbackURL: '/auth/confirm' },
              }),
            )
          : await callAuth(request, reply, () =>
              auth.api.signInPhoneNumber({
                headers,
                returnHeaders: true,
                body: { phoneNumber: phoneNumber ?? '', password: password ?? '', rememberMe },
              }),
            ),
      );
      if ('twoFactorRedirect' in result && result.twoFactorRedirect) return { twoFactorRequired: true as const };
      return { user: { id: result.user.id }, token: result.token };
    },
  );
}

function registerPhoneVerificationRoute(app: RouteApp, { auth, limited }: AccountRouteDeps) {
  app.post(
    '/api/account/verify-phone',
    {
      config: { ...limited, access: anyone },
      schema: {
        tags: ['account'],
        summary: 'Confirm a phone number with the code sent to it; signs the user in',
        body: verifyPhoneBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      await callAuth(request, reply, () =>
        auth.api.verifyPhoneNumber({ headers: headersOf(request), returnHeaders: true, body: request.body }),
      );
      return { ok: true as const };
    },
  );
}

function registerResendVerificationRoute(app: RouteApp, { auth, limited }: AccountRouteDeps) {
  app.post(
    '/api/account/resend-verification',
    {
      config: { ...limited, access: anyone },
      schema: {
        tags: ['account'],
        summary: 'Send the email confirmation link or phone code again',
        body: resendVerificationBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      const { email, phoneNumber } = request.body;
      const headers = headersOf(request);
      if (email) {
        await callAuth(request, reply, () =>
          auth.api.sendVerificationEmail({
            headers,
            returnHeaders: true,
            body: { email, callbackURL: '/auth/confirm' },
          }),
        );
      } else if (phoneNumber && (await hasUnverifiedPhoneNumber(auth, phoneNumber))) {
        // Codes go only to numbers waiting for confirmation; the answer is the same either way.
        await callAuth(request, reply, () =>
          auth.api.sendPhoneNumberOTP({ headers, returnHeaders: true, body: { phoneNumber } }),
        );
      }
      return { ok: true as const };
    },
  );
}

function registerEmailChangeRoute(app: RouteApp, { auth, signUps, limited }: AccountRouteDeps) {
  app.post(
    '/api/account/change-email',
    {
      config: { ...limited, access: anyone },
      schema: {
        tags: ['account'],
        summary: 'Send a confirmation link to a new email address; the address changes once it is opened',
        body: changeEmailBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      const context = await request.loadAuth();
      if (!context) throw sessionMissing();
      if (context.user.email === request.body.newEmail) {
        throw new AppError('bad_request', 'This is already your email address.');
      }
      // An address another account holds is answered like a free one; that account's owner is told instead.
      const { byEmail } = await signUps.findOwners({ email: request.body.newEmail });
      if (byEmail) {
        await signUps.notifyOwners([byEmail], requestLanguage(request.headers));
        return { ok: true as const };
      }
      await callAuth(request, reply, () =>
        auth.api.changeEmail({
          headers: headersOf(request),
          returnHeaders: true,
          body: { newEmail: request.body.newEmail, callbackURL: '/dashboard/learner/settings?tab=profile' },
        }),
      );
      return { ok: true as const };
    },
  );
}

function registerSignOutRoute(app: RouteApp, { auth, limited }: AccountRouteDeps) {
  app.post(
    '/api/account/sign-out',
    {
      config: { ...limited, access: anyone },
      schema: {
        tags: ['account'],
        summary: 'Sign out this session (local), every other session (others) or all sessions (global)',
        body: signOutBodySchema.nullish(),
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      if (!(await request.loadAuth())) throw sessionMissing();
      const scope = request.body?.scope ?? 'local';
      const headers = headersOf(request);
      if (scope !== 'local') {
        await callAuth(request, reply, () => auth.api.revokeOtherSessions({ headers, returnHeaders: true }));
      }
      if (scope !== 'others') {
        await callAuth(request, reply, () => auth.api.signOut({ headers, returnHeaders: true }));
      }
      return { ok: true as const };
    },
  );
}

function registerMeRoute(app: RouteApp) {
  app.get(
    '/api/me',
    {
      config: { access: anyone },
      schema: {
        tags: ['account'],
        summary: 'Who is signed in, with their effective role (null when signed out)',
        response: { 200: z.object({ me: meSchema.nullable() }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const context = await request.loadAuth();
      if (!context) return { me: null };
      return { me: { user: presentSessionUser(context.user), role: await request.role() } };
    },
  );
}
