import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema.ts';

export function createTwoFactorRepository({ db }: { db: Db }) {
  return {
    /** Mirrors users.two_factor_enabled onto the profile, which the settings screens read. */
    async syncProfileFlag(userId: string, enabled: boolean) {
      await db
        .update(profiles)
        .set({ twoFactorEnabled: enabled, updatedAt: new Date() })
        .where(and(eq(profiles.id, userId), ne(profiles.twoFactorEnabled, enabled)));
    },
  };
}
export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
