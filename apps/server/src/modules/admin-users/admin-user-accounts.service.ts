import { randomBytes } from 'node:crypto';
import type { CreateAdminUserBody } from '@portal/shared/admin-users';
import type { InterfaceLanguage } from '@portal/shared/language';
import { resolveRole } from '@portal/shared/roles';
import { AppError } from '../../errors.ts';
import { type AdminUserSteps, DAY_MS, lastAdmin, userNotFound } from './admin-users.common.ts';
import { invitationMail } from './admin-users.mail.ts';
import type { AdminUsersDeps } from './admin-users.service.ts';

export const INVITATION_DAYS = 7;

type AccountDeps = Pick<
  AdminUsersDeps,
  'repository' | 'removeAccount' | 'profileService' | 'auth' | 'mailer' | 'endLiveSessions' | 'now'
>;

/** Creates a reset-password token the auth library accepts and answers the link that leads to it. */
async function passwordLink({ auth, now }: Pick<AccountDeps, 'auth' | 'now'>, userId: string, validForMs: number) {
  const context = await auth.$context;
  const token = randomBytes(18).toString('base64url');
  await context.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(now().getTime() + validForMs),
  });
  return `${context.baseURL}/reset-password/${token}?callbackURL=${encodeURIComponent('/reset-password')}`;
}

/** Accounts an admin creates (with an invitation) and deletes. */
export function createAdminUserAccounts(deps: AccountDeps & { steps: AdminUserSteps }) {
  const { repository, steps } = deps;
  return {
    /** A new account with a confirmed address and no password; the invitation mail leads to choosing one. */
    async createUser(adminId: string, body: CreateAdminUserBody, language: InterfaceLanguage) {
      if (await repository.findByEmail(body.email)) {
        throw new AppError('user_exists', 'An account with this email address already exists.');
      }
      const context = await deps.auth.$context;
      const user = await context.internalAdapter.createUser(
        { name: body.name, email: body.email, emailVerified: true },
        { method: 'admin' },
      );
      if (body.role !== 'learner') await repository.setRole(user.id, body.role);
      await deps.profileService.createDefault(user.id, { fullName: body.name, email: body.email });
      const url = await passwordLink(deps, user.id, INVITATION_DAYS * DAY_MS);
      const mail = invitationMail[language]({ name: body.name, url, days: INVITATION_DAYS });
      await deps.mailer.send({ channel: 'email', to: body.email, ...mail });
      const created = { name: body.name, email: body.email, role: body.role };
      await steps.audit(adminId, user.id, 'admin_user.create', null, created);
      return { id: user.id };
    },

    /** The same removal as a user's own account deletion; the last active admin cannot be deleted. */
    async deleteUser(adminId: string, userId: string) {
      const { user } = await steps.existingUser(userId);
      if (await repository.isLastActiveAdmin(userId)) throw lastAdmin();
      const before = resolveRole(await repository.rolesOf(userId));
      if (!(await deps.removeAccount(user))) throw userNotFound();
      await steps.audit(adminId, userId, 'admin_user.delete', { role: before }, { deleted: true });
      await deps.endLiveSessions(userId, 'deleted');
      return { ok: true as const, changed: true };
    },
  };
}
