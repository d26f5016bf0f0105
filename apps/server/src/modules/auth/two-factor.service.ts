import type { TwoFactorStatus } from '@portal/shared/auth';
import type { Auth } from './auth.ts';

/** Whether the user has two-factor authentication on, and how many backup codes are left. */
export async function findTwoFactorStatus(auth: Auth, userId: string): Promise<TwoFactorStatus> {
  const context = await auth.$context;
  const user = await context.internalAdapter.findUserById(userId);
  if (!(user as { twoFactorEnabled?: boolean | null } | null)?.twoFactorEnabled) {
    return { enabled: false, backupCodesRemaining: null };
  }
  const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId } });
  return { enabled: true, backupCodesRemaining: backupCodes.length };
}

/** The base32 secret inside an otpauth:// link, for typing into an authenticator by hand. */
export function totpSecretOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret');
  if (!secret) throw new Error('The authenticator link carries no secret');
  return secret;
}
