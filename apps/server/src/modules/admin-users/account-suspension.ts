import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { accountStates } from './admin-users.table.ts';

export const ACCOUNT_SUSPENDED_MESSAGE = 'This account is suspended. Contact the site administrator.';
/** The auth library's error code for a session refused to a suspended account (mapped to `account_suspended`). */
export const ACCOUNT_SUSPENDED_AUTH_CODE = 'ACCOUNT_SUSPENDED';

export const accountSuspended = () => new AppError('account_suspended', ACCOUNT_SUSPENDED_MESSAGE);

/** Whether an admin suspended the account; every sign-in path asks before it opens a session. */
export async function isAccountSuspended(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: accountStates.userId })
    .from(accountStates)
    .where(and(eq(accountStates.userId, userId), isNotNull(accountStates.suspendedAt)));
  return Boolean(row);
}
