import type { SsoDefaultRole } from '@portal/shared/sso';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../auth/auth.table.ts';
import { createRolesRepository } from '../auth/roles.repository.ts';

/** What a single sign-on needs to know about the account it signs in. */
export function createSsoSignInRepository({ db }: { db: Db }) {
  const roles = createRolesRepository({ db });
  return {
    grantRole: (userId: string, role: SsoDefaultRole) => roles.grant(userId, role),
    async emailOf(userId: string) {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email ?? null;
    },
  };
}
