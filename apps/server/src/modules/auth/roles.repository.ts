import type { Role } from '@portal/shared/roles';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userRoles } from './roles.table.ts';

export function createRolesRepository({ db }: { db: Db }) {
  return {
    async listForUser(userId: string) {
      return db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
    },
    async grant(userId: string, role: Role) {
      await db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
    },
  };
}
export type RolesRepository = ReturnType<typeof createRolesRepository>;
