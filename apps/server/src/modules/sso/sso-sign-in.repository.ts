import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** What a single sign-on needs to know about the account it signs in. */
export function createSsoSignInRepository({ db }: { db: Db }) {
  return {
    async emailOf(userId: string) {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email ?? null;
    },
  };
}
