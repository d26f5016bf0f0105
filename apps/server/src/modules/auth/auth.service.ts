import type { Auth } from './auth.ts';

/** Creates a confirmed email+password user directly (seeding and the admin bootstrap). */
export async function createConfirmedUser(
  auth: Auth,
  { email, name, password }: { email: string; name: string; password: string },
) {
  const context = await auth.$context;
  const existing = await context.internalAdapter.findUserByEmail(email);
  if (existing) return { user: existing.user, created: false };
  const user = await context.internalAdapter.createUser({ email, name, emailVerified: true }, { method: 'admin' });
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await context.password.hash(password),
  });
  return { user, created: true };
}
