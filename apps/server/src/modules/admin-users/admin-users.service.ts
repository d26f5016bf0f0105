import type { SessionEndReason } from '@portal/shared/realtime';
import type { RemoveAccount } from '../account-data/account-data.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Auth } from '../auth/auth.ts';
import type { Mailer } from '../mail/mail.service.ts';
import type { ProfileService } from '../profile/profile.service.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import { createAdminUserAccess } from './admin-user-access.service.ts';
import { createAdminUserAccounts } from './admin-user-accounts.service.ts';
import { createAdminUserDirectory } from './admin-user-directory.service.ts';
import { createAdminUserPlans } from './admin-user-plans.service.ts';
import { createAdminUserSteps } from './admin-users.common.ts';
import type { AdminUsersRepository } from './admin-users.repository.ts';

export { INVITATION_DAYS } from './admin-user-accounts.service.ts';
export { presentListedUser } from './admin-users.presenter.ts';

export type AdminUsersDeps = {
  repository: AdminUsersRepository;
  /** Deletes the account with its rows and what modules keep outside the database (files). */
  removeAccount: RemoveAccount;
  profileService: Pick<ProfileService, 'createDefault'>;
  subscriptionService: SubscriptionService;
  auditService: AuditService;
  auth: Auth;
  mailer: Mailer;
  xpOf: (userId: string) => Promise<{ totalXp: number; level: number }>;
  /** Tells the user's open tabs on every instance that their sessions ended, and closes their live connections. */
  endLiveSessions: (userId: string, reason: SessionEndReason) => Promise<void>;
  now: () => Date;
};

/** User administration: finding users, their access, complimentary plans, creating and deleting accounts. */
export function createAdminUsersService(deps: AdminUsersDeps) {
  const { repository, now } = deps;
  const steps = createAdminUserSteps(deps);
  return {
    ...createAdminUserDirectory({ ...deps, steps }),
    ...createAdminUserAccess({ ...deps, steps }),
    ...createAdminUserPlans({ ...deps, steps }),
    ...createAdminUserAccounts({ ...deps, steps }),
    /** Notes that the user made a signed-in request (at most one write every few minutes). */
    touchLastActive: (userId: string, everyMs: number) => repository.touchLastActive(userId, now(), everyMs),
  };
}
export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
