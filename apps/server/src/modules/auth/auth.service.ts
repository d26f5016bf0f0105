import type { Auth } from './auth.ts';

/** Creates a confirmed email+password user directly (seeding and the admin bootstrap). */
export async function createConfirmedUser(
  auth: Auth,
  { email, name, password }: { email: string; name: string; password: string },
) {
  const context = await auth.$context;
  const existing = await context.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  const user =
    existing?.user ??
    (await context.internalAdapter.createUser({ email, name, emailVerified: true }, { method: 'admin' }));
  // A user row without its password account (a run cut short) gets the account now.
  if (existing?.accounts.some((account) => account.providerId === 'credential')) {
    return { user, created: false };
  }
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await context.password.hash(password),
  });
  return { user, created: !existing };
}

export type AccountOwner = { id: string; email: string; name: string; phoneNumber?: string | null };

/** The account that signs in with this email address or phone number, if any. */
export async function findAccountOwner(
  auth: Auth,
  { email, phoneNumber }: { email?: string | undefined; phoneNumber?: string | undefined },
): Promise<AccountOwner | null> {
  const context = await auth.$context;
  if (email) return (await context.internalAdapter.findUserByEmail(email))?.user ?? null;
  if (!phoneNumber) return null;
  return context.adapter.findOne<AccountOwner>({
    model: 'user',
    where: [{ field: 'phoneNumber', value: phoneNumber }],
  });
}

/** True when an account holds this phone number and has not confirmed it yet. */
export async function hasUnverifiedPhoneNumber(auth: Auth, phoneNumber: string) {
  const context = await auth.$context;
  const user = await context.adapter.findOne<{ phoneNumberVerified: boolean | null }>({
    model: 'user',
    where: [{ field: 'phoneNumber', value: phoneNumber }],
  });
  return user !== null && user.phoneNumberVerified !== true;
}

/** Records the phone number of a new account; it stays unverified until the texted code confirms it. */
export async function attachUnverifiedPhoneNumber(
  auth: Auth,
  { userId, phoneNumber }: { userId: string; phoneNumber: string },
) {
  const context = await auth.$context;
  // Outside an auth endpoint, so the phone plugin's "only set by verifying" guard does not strip it.
  await context.internalAdapter.updateUser(userId, { phoneNumber, phoneNumberVerified: false });
}

/** The account a password reset token belongs to, or null for an unknown or expired token. */
export async function findResetTokenOwner(auth: Auth, token: string): Promise<AccountOwner | null> {
  const context = await auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification || verification.expiresAt < new Date()) return null;
  return context.internalAdapter.findUserById(verification.value);
}
