import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { RemoveAccount } from './modules/account-data/account-data.service.ts';
import { registerAdminAnalytics } from './modules/admin-analytics/admin-analytics.module.ts';
import { registerAdminOverview } from './modules/admin-overview/admin-overview.module.ts';
import { registerAdminUsers } from './modules/admin-users/admin-users.module.ts';
import type { AuditService } from './modules/audit/audit.service.ts';
import type { Auth } from './modules/auth/auth.ts';
import { registerContact } from './modules/contact/contact.module.ts';
import type { GamificationService } from './modules/gamification/gamification.service.ts';
import type { Mailer } from './modules/mail/mail.service.ts';
import type { ProfileService } from './modules/profile/profile.service.ts';
import type { SubscriptionService } from './modules/subscription/subscription.service.ts';

type AppInstance = Parameters<typeof registerAdminOverview>[0];

type AdminConsoleDeps = {
  db: Db;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  auditService: AuditService;
  subscriptionService: SubscriptionService;
  gamificationService: GamificationService;
  removeAccount: RemoveAccount;
  profileService: ProfileService;
  config: Config;
  now: () => Date;
};

/** The admin console: users, the contact inbox, analytics with at-risk learners, and the home overview. */
export async function registerAdminConsole(
  app: AppInstance,
  {
    db,
    database,
    auth,
    mailer,
    auditService,
    subscriptionService,
    gamificationService,
    removeAccount,
    profileService,
    config,
    now,
  }: AdminConsoleDeps,
) {
  await registerAdminUsers(app, {
    db,
    auth,
    mailer,
    auditService,
    subscriptionService,
    xpOf: async (userId) => {
      const stats = await gamificationService.getStats(userId);
      return { totalXp: stats.total_xp, level: stats.level.level };
    },
    removeAccount,
    profileService,
    now,
  });
  await registerContact(app, {
    db,
    mailer,
    auditService,
    publicUrl: config.publicUrl,
    addressSecret: config.authSecret,
  });
  await registerAdminAnalytics(app, {
    db,
    mailer,
    auditService,
    publicUrl: config.publicUrl,
    inactiveDays: async () => (await gamificationService.getSettings()).settings.at_risk_days,
    now,
  });
  await registerAdminOverview(app, { database, smtpConfigured: config.smtp !== null });
}
