import { isPhoneOnlyEmail } from '@portal/shared/auth';
import { type Role, resolveRole } from '@portal/shared/roles';
import { type AdminUserSteps, lastAdmin, refused } from './admin-users.common.ts';
import type { AdminUsersDeps } from './admin-users.service.ts';

/** Who a user is and whether they may sign in: role, suspension, sessions, password. */
export function createAdminUserAccess({
  repository,
  auth,
  endLiveSessions,
  now,
  steps: { existingUser, audit },
}: Pick<AdminUsersDeps, 'repository' | 'auth' | 'endLiveSessions' | 'now'> & { steps: AdminUserSteps }) {
  return {
    async changeRole(adminId: string, userId: string, role: Role) {
      await existingUser(userId);
      const before = resolveRole(await repository.rolesOf(userId));
      const outcome = await repository.setRole(userId, role);
      if (outcome === 'last_admin') throw lastAdmin();
      if (outcome === 'unchanged') return { ok: true as const, changed: false };
      await audit(adminId, userId, 'admin_user.role_change', { role: before }, { role });
      return { ok: true as const, changed: true };
    },
    async suspend(adminId: string, userId: string) {
      await existingUser(userId);
      const outcome = await repository.suspend(userId, adminId, now());
      if (outcome === 'last_admin') throw lastAdmin();
      if (outcome === 'unchanged') return { ok: true as const, changed: false };
      await audit(adminId, userId, 'admin_user.suspend', { status: 'active' }, { status: 'suspended' });
      await endLiveSessions(userId, 'suspended');
      return { ok: true as const, changed: true };
    },
    async reactivate(adminId: string, userId: string) {
      await existingUser(userId);
      if (!(await repository.reactivate(userId))) return { ok: true as const, changed: false };
      await audit(adminId, userId, 'admin_user.reactivate', { status: 'suspended' }, { status: 'active' });
      return { ok: true as const, changed: true };
    },
    async signOutEverywhere(adminId: string, userId: string) {
      await existingUser(userId);
      const ended = await repository.endSessions(userId);
      await audit(adminId, userId, 'admin_user.sign_out_all', { active_sessions: ended }, { active_sessions: 0 });
      await endLiveSessions(userId, 'signed_out');
      return { ok: true as const, changed: ended > 0 };
    },
    async sendPasswordReset(adminId: string, userId: string) {
      const { user } = await existingUser(userId);
      if (isPhoneOnlyEmail(user.email)) throw refused('no_email', 'This user has no email address to send a link to.');
      await auth.api.requestPasswordReset({ body: { email: user.email, redirectTo: '/reset-password' } });
      await audit(adminId, userId, 'admin_user.password_reset_sent', null, { sent_to: 'email' });
      return { ok: true as const, changed: true };
    },
  };
}
