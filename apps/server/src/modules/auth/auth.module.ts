import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database, Db } from '../../db/client.ts';
import type { Mailer } from '../mail/mail.service.ts';
import type { ProfileService } from '../profile/profile.service.ts';
import { authRoutes } from './auth.routes.ts';
import { type Auth, createAuth } from './auth.ts';
import { authLinkRoutes } from './auth-links.routes.ts';
import { createRolesRepository } from './roles.repository.ts';
import { keepRoles } from './roles.service.ts';

/** Sign-in and roles. Made before the app's plugins, since the auth plugin resolves every request's session with them. */
export function createAuthentication(
  app: FastifyInstance,
  {
    database,
    config,
    mailer,
    onSessionCreated,
    profileService,
  }: {
    database: Database;
    config: Config;
    mailer: Mailer;
    onSessionCreated: (userId: string) => Promise<void>;
    profileService: ProfileService;
  },
) {
  const { db } = database;
  return {
    auth: createAuth({
      db,
      config,
      mailer,
      onSessionCreated,
      // The auth plugin, registered after this, gives the app `forgetSessionsOf`; a user is only changed on a request.
      onUserChanged: (userId) => app.forgetSessionsOf(userId),
      profiles: profileService,
    }),
    roles: keepRoles(app, database, createRolesRepository({ db })),
  };
}

/** Sign-up, sign-in, sessions, two-factor and the links sent by mail. */
export async function registerAuth(
  app: FastifyInstance,
  {
    auth,
    db,
    mailer,
    config,
    profileService,
  }: { auth: Auth; db: Db; mailer: Mailer; config: Config; profileService: ProfileService },
) {
  await app.register(authRoutes, {
    auth,
    db,
    mailer,
    profileService,
    secret: config.authSecret,
    publicUrl: config.publicUrl,
    rateLimitPerMinute: config.authRateLimitPerMinute,
  });
  await app.register(authLinkRoutes, {
    auth,
    publicUrl: config.publicUrl,
    rateLimitPerMinute: config.authRateLimitPerMinute,
  });
}
