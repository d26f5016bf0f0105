import type { AdminUserRefusal } from '@portal/shared/admin-users';
import { AppError } from '../../errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AdminUsersRepository } from './admin-users.repository.ts';

export const DAY_MS = 86_400_000;

export const iso = (value: Date | string) => new Date(value).toISOString();
export const refused = (reason: AdminUserRefusal, message: string) =>
  new AppError('conflict', message, { reasons: [reason] });
export const lastAdmin = () =>
  new AppError('last_admin', 'This is the only active admin. Make another user an admin first.', {
    reasons: ['last_admin'],
  });
export const userNotFound = () => new AppError('not_found', 'This user does not exist or was deleted.');

/** What every admin action on a user starts and ends with: the user must exist, and the change is audited. */
export function createAdminUserSteps({
  repository,
  auditService,
}: {
  repository: AdminUsersRepository;
  auditService: AuditService;
}) {
  return {
    async existingUser(userId: string) {
      const found = await repository.findUser(userId);
      if (!found) throw userNotFound();
      return found;
    },
    audit: (
      adminId: string,
      userId: string | null,
      action: string,
      oldValues: Record<string, unknown> | null,
      newValues: Record<string, unknown> | null,
    ) =>
      auditService.recordAuditEvent({
        userId,
        actorId: adminId,
        action,
        tableName: 'users',
        recordId: userId,
        oldValues,
        newValues,
        legalBasis: 'legitimate_interest',
        purpose: 'Administration of user accounts',
      }),
  };
}
export type AdminUserSteps = ReturnType<typeof createAdminUserSteps>;
