import { randomUUID } from 'node:crypto';
import type { Role } from '@portal/shared/roles';
import type { Tier } from '@portal/shared/tiers';
import type { App } from '../app.ts';
import { createRolesRepository } from '../modules/auth/roles.repository.ts';
import { createMailRepository } from '../modules/mail/mail.repository.ts';
import { createSubscriptionRepository } from '../modules/subscription/subscription.repository.ts';
import { databaseOf } from './test-app.ts';

type InjectResponse = Awaited<ReturnType<App['inject']>>;

export type MailboxMessage = { channel: 'email' | 'sms'; recipient: string; subject: string; text: string };

/** A signed-in browser: its cookie header and the bearer token the sign-in returned, if any. */
export type SignedIn = { userId: string; cookie: string; token: string | null };

export const TEST_PASSWORD = 'correct-horse-battery';

/** A fresh address per call, so tests sharing one app never collide. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/** A fresh E.164 number per call. */
export function uniquePhoneNumber(): string {
  return `+4915${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

/** The `cookie` request header a browser would send after this response (cleared cookies left out). */
export function cookieHeaderFrom(response: InjectResponse): string {
  return response.cookies
    .filter((cookie) => cookie.value !== '' && cookie.maxAge !== 0)
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}

/** The outbox, newest first, read straight from the app's database (the mailbox page is for admins only). */
export async function readMailbox(app: App): Promise<MailboxMessage[]> {
  const rows = await createMailRepository({ db: databaseOf(app).db }).listLatest(200);
  return rows.map(({ channel, recipient, subject, text }) => ({ channel, recipient, subject, text }));
}

/** The newest message sent to this recipient. */
export async function latestMessageTo(app: App, recipient: string): Promise<MailboxMessage> {
  const message = (await readMailbox(app)).find((candidate) => candidate.recipient === recipient);
  if (!message) throw new Error(`no message for ${recipient}`);
  return message;
}

/** The first link in a message, as a path and query that `inject` can follow. */
export function linkIn(message: MailboxMessage): string {
  const match = message.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in "${message.subject}"`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

export function codeIn(message: MailboxMessage): string {
  const match = message.text.match(/\b\d{6}\b/);
  if (!match) throw new Error(`no code in "${message.subject}"`);
  return match[0];
}

export async function signUp(app: App, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/account/sign-up', payload: body });
}

/** Signs up with email, follows the confirmation link from the mailbox and returns the signed-in browser. */
export async function signUpAndConfirm(
  app: App,
  { email = uniqueEmail(), password = TEST_PASSWORD, name }: { email?: string; password?: string; name?: string } = {},
): Promise<SignedIn & { email: string; password: string }> {
  const signedUp = await signUp(app, { email, password, ...(name ? { name } : {}) });
  if (signedUp.statusCode !== 201) throw new Error(`sign-up answered ${signedUp.statusCode}: ${signedUp.body}`);
  const confirmed = await app.inject({ method: 'GET', url: linkIn(await latestMessageTo(app, email)) });
  const cookie = cookieHeaderFrom(confirmed);
  const userId = await currentUserId(app, cookie);
  if (!userId) throw new Error(`confirming ${email} did not sign in (${confirmed.statusCode})`);
  return { userId, cookie, token: null, email, password };
}

export async function signInAs(
  app: App,
  credentials: { email?: string; phoneNumber?: string; password: string },
): Promise<SignedIn> {
  const response = await app.inject({ method: 'POST', url: '/api/account/sign-in', payload: credentials });
  if (response.statusCode !== 200) throw new Error(`sign-in answered ${response.statusCode}: ${response.body}`);
  const body = response.json<{ user: { id: string }; token: string }>();
  return { userId: body.user.id, cookie: cookieHeaderFrom(response), token: body.token };
}

/**
 * Grants a role straight in the database, as a script would, and has the app forget what it kept of the user: a
 * running app hears of such a change from the database's notice within milliseconds, but a test's next request may
 * come sooner.
 */
export async function grantRole(app: App, userId: string, role: Role) {
  await createRolesRepository({ db: databaseOf(app).db }).grant(userId, role);
  app.forgetSessionsOf(userId);
}

export async function getMe(app: App, headers: Record<string, string>) {
  return app.inject({ method: 'GET', url: '/api/me', headers });
}

/** The signed-in user's id for this cookie, or null when it no longer signs anyone in. */
export async function currentUserId(app: App, cookie: string): Promise<string | null> {
  const response = await getMe(app, { cookie });
  return response.json<{ me: { user: { id: string } } | null }>().me?.user.id ?? null;
}

/**
 * Gives a signed-in user a plan: calm as a learner chooses it (the free checkout), a paid tier as a confirmed
 * checkout records it.
 */
export async function subscribe(app: App, user: Pick<SignedIn, 'userId' | 'cookie'>, tier: Tier): Promise<void> {
  if (tier !== 'calm') {
    await createSubscriptionRepository({ db: databaseOf(app).db }).activate(user.userId, { tier, provider: 'seed' });
    app.forgetPlanOf(user.userId);
    return;
  }
  const response = await app.inject({
    method: 'POST',
    url: '/api/subscription/checkout',
    headers: { cookie: user.cookie },
    payload: { tier },
  });
  if (response.statusCode !== 200) throw new Error(`choosing calm answered ${response.statusCode}: ${response.body}`);
}

/** A confirmed, signed-in learner with an active plan of this tier. */
export async function signUpSubscribed(app: App, tier: Tier, account: Parameters<typeof signUpAndConfirm>[1] = {}) {
  const user = await signUpAndConfirm(app, account);
  await subscribe(app, user, tier);
  return user;
}

/** Asks for a password reset link, follows it from the mailbox and returns the token it leads to. */
export async function passwordResetToken(app: App, email: string): Promise<string> {
  await app.inject({ method: 'POST', url: '/api/account/request-password-reset', payload: { email } });
  const followed = await app.inject({ method: 'GET', url: linkIn(await latestMessageTo(app, email)) });
  const token = new URL(String(followed.headers.location), 'http://localhost').searchParams.get('token');
  if (!token) throw new Error(`the reset link for ${email} led to no token`);
  return token;
}
