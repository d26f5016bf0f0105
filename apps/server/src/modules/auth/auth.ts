import { randomUUID } from 'node:crypto';
import { isPhoneOnlyEmail, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/shared/auth';
import { type BetterAuthOptions, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { bearer, phoneNumber, twoFactor } from 'better-auth/plugins';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  ACCOUNT_SUSPENDED_AUTH_CODE,
  ACCOUNT_SUSPENDED_MESSAGE,
  isAccountSuspended,
} from '../admin-users/account-suspension.ts';
import type { Mailer } from '../mail/mail.service.ts';
import { mailTemplates } from '../mail/mail.templates.ts';
import type { ProfileService } from '../profile/profile.service.ts';
import { ssoSignInPlugins } from '../sso/sso-sign-in.ts';
import { accounts, sessions, twoFactors, users, verifications } from './auth.table.ts';
import { passwordHashing } from './password-hashing.ts';
import { mailLanguage, requestLanguage } from './request-language.ts';
import { createRolesRepository } from './roles.repository.ts';
import {
  accountSubject,
  createSignInLockoutRepository,
  type SignInLockoutRepository,
} from './sign-in-lockout.repository.ts';
import { createTwoFactorRepository, type TwoFactorRepository } from './two-factor.repository.ts';

export const AUTH_BASE_PATH = '/api/auth';
export const PHONE_CODE_TTL_SECONDS = 600;
/** Carries the client address Fastify resolved (`request.ip`, proxies accounted for) into better-auth. */
export const CLIENT_ADDRESS_HEADER = 'x-portal-client-address';

type AuthDeps = {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'authSecret' | 'env' | 'passwordCost'>;
  mailer: Mailer;
  onSessionCreated: (userId: string) => Promise<void>;
  /** Told of a change to a user row or a session deleted, so this instance drops what it keeps of the user at once. */
  onUserChanged: (userId: string) => void;
  /** Keeps the profile's copy of the address current. */
  profiles: Pick<ProfileService, 'syncEmail'>;
};

type PasswordOptionsDeps = {
  config: Pick<Config, 'passwordCost'>;
  mailer: Mailer;
  lockoutRepository: SignInLockoutRepository;
};

function passwordOptions({ config, mailer, lockoutRepository }: PasswordOptionsDeps) {
  return {
    enabled: true,
    requireEmailVerification: true,
    minPasswordLength: PASSWORD_MIN_LENGTH,
    maxPasswordLength: PASSWORD_MAX_LENGTH,
    revokeSessionsOnPasswordReset: true,
    password: passwordHashing(config.passwordCost),
    resetPasswordTokenExpiresIn: 60 * 60,
    async sendResetPassword({ user, url }, request) {
      const mail = mailTemplates.resetPassword[mailLanguage(request)](url);
      await mailer.send({ channel: 'email', to: user.email, ...mail });
    },
    // A successful reset proves the owner: it lifts a sign-in lock on the account.
    async onPasswordReset({ user }) {
      await lockoutRepository.clear(accountSubject(user.id));
    },
  } satisfies BetterAuthOptions['emailAndPassword'];
}

function emailVerificationOptions(mailer: Mailer) {
  return {
    sendOnSignUp: true,
    sendOnSignIn: true,
    autoSignInAfterVerification: true,
    expiresIn: 60 * 60 * 24,
    async sendVerificationEmail({ user, url }, request) {
      if (isPhoneOnlyEmail(user.email)) return;
      const mail = mailTemplates.verifyEmail[mailLanguage(request)](url);
      await mailer.send({ channel: 'email', to: user.email, ...mail });
    },
  } satisfies BetterAuthOptions['emailVerification'];
}

type DatabaseHooksDeps = Pick<AuthDeps, 'db' | 'onSessionCreated' | 'onUserChanged' | 'profiles'> & {
  twoFactorRepository: TwoFactorRepository;
};

function databaseHooks({ db, onSessionCreated, onUserChanged, profiles, twoFactorRepository }: DatabaseHooksDeps) {
  return {
    user: {
      update: {
        // Every path that turns two-factor on or off updates the user row, so the profile follows here.
        async after(user) {
          // The database tells the other instances; a confirmed email change opened by a link (a GET, signed out
          // perhaps) must show on the user's next request to this one too.
          onUserChanged(user.id);
          const { twoFactorEnabled } = user as { twoFactorEnabled?: boolean | null };
          if (typeof twoFactorEnabled === 'boolean') {
            await twoFactorRepository.syncProfileFlag(user.id, twoFactorEnabled);
          }
          // A confirmed email change reaches the profile too.
          if (user.email && !isPhoneOnlyEmail(user.email)) {
            await profiles.syncEmail(user.id, user.email);
          }
        },
      },
    },
    session: {
      // A session signed out or revoked (every session of the user, on a password reset) is refused on this
      // instance's very next request, not only once the database's notice arrives.
      delete: {
        async after(session) {
          onUserChanged(session.userId);
        },
      },
      create: {
        // Every way of signing in opens a session here, so a suspended account is refused on all of them.
        async before(session) {
          if (await isAccountSuspended(db, session.userId)) {
            throw new APIError('FORBIDDEN', {
              code: ACCOUNT_SUSPENDED_AUTH_CODE,
              message: ACCOUNT_SUSPENDED_MESSAGE,
            });
          }
        },
        async after(session) {
          await onSessionCreated(session.userId);
        },
      },
    },
  } satisfies BetterAuthOptions['databaseHooks'];
}

/** Sign-in by phone number: numbers are confirmed with a code sent by text message in the request's language. */
function phoneSignInPlugin(mailer: Mailer) {
  return phoneNumber({
    otpLength: 6,
    expiresIn: PHONE_CODE_TTL_SECONDS,
    allowedAttempts: 5,
    requireVerification: true,
    async sendOTP({ phoneNumber: to, code }, ctx) {
      const mail = mailTemplates.phoneCode[requestLanguage(ctx?.request?.headers ?? ctx?.headers)](code);
      await mailer.send({ channel: 'sms', to, ...mail });
    },
  });
}

export function createAuth({ db, config, mailer, onSessionCreated, onUserChanged, profiles }: AuthDeps) {
  const twoFactorRepository = createTwoFactorRepository({ db });
  const lockoutRepository = createSignInLockoutRepository({ db });
  const rolesRepository = createRolesRepository({ db });
  return betterAuth({
    appName: 'Learning Portal',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    telemetry: { enabled: false },
    logger: { level: config.env === 'test' ? 'error' : 'warn' },
    // Fastify's rate limiter guards these routes.
    rateLimit: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      usePlural: true,
      schema: { users, sessions, accounts, verifications, twoFactors },
    }),
    advanced: {
      cookiePrefix: 'portal',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      database: { generateId: () => randomUUID() },
      // Never a header the client writes: every call into better-auth sets this one from request.ip (see headersOf).
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    emailAndPassword: passwordOptions({ config, mailer, lockoutRepository }),
    user: { changeEmail: { enabled: true } },
    emailVerification: emailVerificationOptions(mailer),
    plugins: [
      bearer(),
      phoneSignInPlugin(mailer),
      twoFactor({ issuer: 'Learning Portal' }),
      ...ssoSignInPlugins({ db, grantRole: (userId, role) => rolesRepository.grant(userId, role) }),
    ],
    databaseHooks: databaseHooks({ db, onSessionCreated, onUserChanged, profiles, twoFactorRepository }),
  });
}
export type Auth = ReturnType<typeof createAuth>;
