import type { AdminUserDetail, AdminUserFilters } from '@portal/shared/admin-users';
import type { AdminUserSteps } from './admin-users.common.ts';
import { presentListedUser, presentUserDetail } from './admin-users.presenter.ts';
import { nextCursor } from './admin-users.query.ts';
import type { AdminUsersDeps } from './admin-users.service.ts';

const RECENT_ACTIVITY = 20;

type DirectoryDeps = Pick<AdminUsersDeps, 'repository' | 'subscriptionService' | 'xpOf' | 'now'> & {
  steps: AdminUserSteps;
};

/** One user's page: account, plan, sessions, recent activity, XP and courses. */
async function readUserDetail(
  { repository, subscriptionService, xpOf, now, steps }: DirectoryDeps,
  userId: string,
): Promise<AdminUserDetail> {
  const found = await steps.existingUser(userId);
  const at = now();
  const [roles, profile, subscription, status, sessions, activity, xp, enrolments] = await Promise.all([
    repository.rolesOf(userId),
    repository.profileOf(userId),
    repository.subscriptionOf(userId),
    subscriptionService.getStatus(userId),
    repository.activeSessions(userId, at),
    repository.recentActivity(userId, RECENT_ACTIVITY),
    xpOf(userId),
    repository.enrolments(userId),
  ]);
  return presentUserDetail({
    userId,
    at,
    found,
    roles,
    profile,
    subscription,
    status,
    sessions,
    activity,
    xp,
    enrolments,
  });
}

/** Finding users: the filtered list, its CSV export, and one user's page. */
export function createAdminUserDirectory(deps: DirectoryDeps) {
  const { repository, now, steps } = deps;
  return {
    async list(query: AdminUserFilters & { cursor?: string | undefined; limit: number }) {
      const { cursor, limit, ...filters } = query;
      const rows = await repository.listUsers({ filters, cursor, limit: limit + 1, now: now() });
      const page = rows.slice(0, limit);
      return {
        users: page.map(presentListedUser),
        next_cursor: rows.length > limit ? nextCursor(page, filters) : null,
      };
    },

    /** Every user matching the filters, page by page, for the CSV export (recorded in the audit trail). */
    async *exportRows(adminId: string, filters: AdminUserFilters, pageSize: number) {
      await steps.audit(adminId, null, 'admin_user.export', null, { filters });
      let cursor: string | undefined;
      for (;;) {
        const rows = await repository.listUsers({ filters, cursor, limit: pageSize, now: now() });
        for (const row of rows) yield presentListedUser(row);
        if (rows.length < pageSize) return;
        cursor = nextCursor(rows, filters);
      }
    },

    detail: (userId: string): Promise<AdminUserDetail> => readUserDetail(deps, userId),
  };
}
