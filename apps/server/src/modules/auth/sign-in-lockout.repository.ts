import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { signInLockouts } from './sign-in-lockout.table.ts';

/** Failures are counted per account, and per address or number when no account has it. */
export const accountSubject = (userId: string) => `user:${userId}`;
export const loginSubject = (login: string) => `login:${login}`;

export type LockoutPolicy = { maxFailures: number; windowMinutes: number; lockMinutes: number };

export function createSignInLockoutRepository({ db }: { db: Db }) {
  return {
    /** When the subject's lock ends, or null when it is not locked now (by the database clock). */
    async lockedUntil(subject: string): Promise<Date | null> {
      const [row] = await db
        .select({ lockedUntil: signInLockouts.lockedUntil })
        .from(signInLockouts)
        .where(and(eq(signInLockouts.subject, subject), gt(signInLockouts.lockedUntil, sql`now()`)));
      return row?.lockedUntil ?? null;
    },

    /** Counts one failure in a single statement, so concurrent failures all count; locks at the limit. */
    async recordFailure(subject: string, policy: LockoutPolicy): Promise<void> {
      const window = sql`make_interval(mins => ${policy.windowMinutes})`;
      const inWindow = sql`${signInLockouts.windowStartedAt} > now() - ${window}`;
      await db
        .insert(signInLockouts)
        .values({ subject, failures: 1, windowStartedAt: sql`now()` })
        .onConflictDoUpdate({
          target: signInLockouts.subject,
          set: {
            failures: sql`case when ${inWindow} then ${signInLockouts.failures} + 1 else 1 end`,
            windowStartedAt: sql`case when ${inWindow} then ${signInLockouts.windowStartedAt} else now() end`,
            lockedUntil: sql`case when ${inWindow} and ${signInLockouts.failures} + 1 >= ${policy.maxFailures}
              then now() + make_interval(mins => ${policy.lockMinutes}) else ${signInLockouts.lockedUntil} end`,
          },
        });
      await db
        .delete(signInLockouts)
        .where(
          and(
            lt(signInLockouts.windowStartedAt, sql`now() - ${window}`),
            or(isNull(signInLockouts.lockedUntil), lt(signInLockouts.lockedUntil, sql`now()`)),
          ),
        );
    },

    async clear(subject: string): Promise<void> {
      await db.delete(signInLockouts).where(eq(signInLockouts.subject, subject));
    },
  };
}
export type SignInLockoutRepository = ReturnType<typeof createSignInLockoutRepository>;
