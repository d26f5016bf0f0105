import type { FastifyInstance } from 'fastify';
import { droppingAfterWrites } from '../../change-cache.ts';
import type { Db } from '../../db/client.ts';
import type { RemoveAccount } from '../account-data/account-data.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Auth } from '../auth/auth.ts';
import type { Mailer } from '../mail/mail.service.ts';
import type { ProfileService } from '../profile/profile.service.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import { createAdminUsersRepository } from './admin-users.repository.ts';
import { adminUsersRoutes } from './admin-users.routes.ts';
import { createAdminUsersService } from './admin-users.service.ts';

/** A signed-in user's last activity is written at most this often. */
const LAST_ACTIVE_EVERY_MS = 5 * 60_000;

/**
 * The admin Users console: list, user page and account actions. Also notes each signed-in user's last activity
 * after their requests (at most one write per user every few minutes, remembered per instance).
 */
export async function registerAdminUsers(
  app: FastifyInstance,
  deps: {
    db: Db;
    auth: Auth;
    mailer: Mailer;
    auditService: AuditService;
    subscriptionService: SubscriptionService;
    xpOf: (userId: string) => Promise<{ totalXp: number; level: number }>;
    removeAccount: RemoveAccount;
    profileService: ProfileService;
    now: () => Date;
  },
) {
  const { db } = deps;
  const adminUsersService = createAdminUsersService({
    ...deps,
    // A new role shows on the user's very next request here; other instances hear of it from the database's notice.
    repository: droppingAfterWrites(createAdminUsersRepository({ db }), ['setRole'], (userId) =>
      app.forgetSessionsOf(String(userId)),
    ),
    // The account change stands even if the notice cannot go out: the tabs then find out at their next request.
    endLiveSessions: (userId, reason) => {
      app.forgetSessionsOf(userId);
      return app.realtime.publishToUser(userId, { type: 'session_ended', reason }).catch((error: unknown) => {
        app.log.warn({ err: error, userId }, 'open tabs not told that their session ended');
      });
    },
  });
  await app.register(adminUsersRoutes, { adminUsersService });

  const touched = new Map<string, number>();
  app.addHook('onResponse', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access || access.role === 'anonymous' || reply.statusCode >= 400) return;
    const context = await request.loadAuth();
    if (!context) return;
    const at = Date.now();
    if (at - (touched.get(context.user.id) ?? 0) < LAST_ACTIVE_EVERY_MS) return;
    if (touched.size > 50_000) touched.clear();
    touched.set(context.user.id, at);
    await adminUsersService.touchLastActive(context.user.id, LAST_ACTIVE_EVERY_MS).catch((error: unknown) => {
      request.log.warn({ err: error }, 'last activity not noted');
    });
  });
  return adminUsersService;
}
