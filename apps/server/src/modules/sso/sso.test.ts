import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { asUser, signUpAdmin } from '../../testing/billing-factories.ts';
import { cookieHeaderFrom, currentUserId, type SignedIn, signUpAndConfirm } from '../../testing/factories.ts';
import { databaseOf, startTestApp, testConfig, testTargets } from '../../testing/test-app.ts';
import { auditEvents } from '../audit/audit.table.ts';
import { ssoProviders } from './sso.table.ts';
import { startIdentityProvider } from './sso.testing.ts';
import { createSecretBox } from './sso-secret.ts';

const PUBLIC_URL = testConfig().publicUrl;
const CLIENT = { clientId: 'portal', clientSecret: `idp-secret-${randomUUID()}` };
const PROVIDERS = '/api/admin/sso/providers';

describe.each(testTargets())('single sign-on on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;
  let admin: SignedIn;
  let idp: Awaited<ReturnType<typeof startIdentityProvider>>;
  const slugs = { acme: `acme-${randomUUID().slice(0, 6)}`, beta: `beta-${randomUUID().slice(0, 6)}` };
  const domains = { acme: `acme-${randomUUID().slice(0, 6)}.test`, beta: `beta-${randomUUID().slice(0, 6)}.test` };

  beforeAll(async () => {
    idp = await startIdentityProvider({
      ...CLIENT,
      redirectUris: Object.values(slugs).map((slug) => `${PUBLIC_URL}/api/auth/sso/callback/${slug}`),
    });
    ({ app, close } = await startTestApp(target));
    admin = await signUpAdmin(app);
  });
  afterAll(async () => {
    await close();
    await idp.close();
  });

  const db = () => databaseOf(app).db;

  const createProvider = (payload: Record<string, unknown>, by: Pick<SignedIn, 'cookie'> = admin) =>
    app.inject({ method: 'POST', url: PROVIDERS, headers: asUser(by), payload });
  const providerBody = (name: keyof typeof slugs, overrides: Record<string, unknown> = {}) => ({
    slug: slugs[name],
    name: `${name} login`,
    issuer: idp.issuer,
    clientId: CLIENT.clientId,
    clientSecret: CLIENT.clientSecret,
    domains: [domains[name]],
    defaultRole: 'instructor',
    ...overrides,
  });

  /** Starts at the sign-in page, signs in at the provider as `login` and returns where the app sends the browser. */
  async function signInWithSso(email: string, login = email, tamper?: (callback: URL) => void) {
    const started = await app.inject({ method: 'POST', url: '/api/auth/sso/start', payload: { email } });
    expect(started.statusCode, started.body).toBe(200);
    const callback = new URL(await idp.signIn(started.json().url, login, PUBLIC_URL));
    tamper?.(callback);
    const returned = await app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: cookieHeaderFrom(started) },
    });
    expect(returned.statusCode).toBe(302);
    return { location: String(returned.headers.location), cookie: cookieHeaderFrom(returned) };
  }

  let acmeId: string;

  it('an admin adds a provider; the secret is stored encrypted and never sent back', async () => {
    const created = await createProvider(providerBody('acme'));
    expect(created.statusCode, created.body).toBe(201);
    const provider = created.json();
    acmeId = provider.id;
    expect(provider).toMatchObject({
      slug: slugs.acme,
      issuer: idp.issuer,
      domains: [domains.acme],
      default_role: 'instructor',
      enabled: true,
      has_secret: true,
      callback_url: `${PUBLIC_URL}/api/auth/sso/callback/${slugs.acme}`,
    });
    const listed = await app.inject({ method: 'GET', url: PROVIDERS, headers: asUser(admin) });
    for (const body of [created.body, listed.body]) expect(body).not.toContain(CLIENT.clientSecret);

    const [row] = await db().select().from(ssoProviders).where(eq(ssoProviders.id, acmeId));
    expect(row?.clientSecretEncrypted).not.toContain(CLIENT.clientSecret);
    expect(createSecretBox(testConfig().authSecret).open(row?.clientSecretEncrypted ?? '', acmeId)).toBe(
      CLIENT.clientSecret,
    );
    const audits = await db().select().from(auditEvents).where(eq(auditEvents.recordId, acmeId));
    expect(audits.map((event) => [event.action, event.actorId])).toEqual([['sso.provider.create', admin.userId]]);
    expect(JSON.stringify(audits)).not.toContain(CLIENT.clientSecret);
  });

  it('the first sign-in creates the account with the default role; the next one signs in the same account', async () => {
    const email = `ann@${domains.acme}`;
    const first = await signInWithSso(email);
    expect(first.location).toBe('/dashboard/learner');
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: first.cookie } });
    expect(me.json().me).toMatchObject({ user: { email }, role: 'instructor' });
    const profile = await app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: first.cookie } });
    expect(profile.statusCode).toBe(200);

    const second = await signInWithSso(email);
    expect(await currentUserId(app, second.cookie)).toBe(me.json().me.user.id);
  });

  it('refuses an unknown domain, a disabled provider and a tampered state', async () => {
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/sso/start',
      payload: { email: 'someone@nowhere.test' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('sso_not_configured');

    const tampered = await signInWithSso(`tom@${domains.acme}`, undefined, (callback) => {
      callback.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    });
    expect(tampered.location).toBe('/login?sso_error=invalid_state');
    expect(await currentUserId(app, tampered.cookie)).toBeNull();

    const disabled = await app.inject({
      method: 'PATCH',
      url: `${PROVIDERS}/${acmeId}`,
      headers: asUser(admin),
      payload: { enabled: false },
    });
    expect(disabled.json().enabled).toBe(false);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/auth/sso/start',
      payload: { email: `ann@${domains.acme}` },
    });
    expect(refused.statusCode).toBe(404);
    const callback = await app.inject({ method: 'GET', url: `/api/auth/sso/callback/${slugs.acme}?code=x&state=y` });
    expect(callback.headers.location).toBe('/login?sso_error=provider_unavailable');
    await app.inject({
      method: 'PATCH',
      url: `${PROVIDERS}/${acmeId}`,
      headers: asUser(admin),
      payload: { enabled: true, clientSecret: '' },
    });
  });

  it('an address outside the provider’s domains and a suspended account get no session', async () => {
    const outside = await signInWithSso(`ann@${domains.acme}`, `eve@${domains.beta}`);
    expect(outside.location).toBe('/login?sso_error=email_domain_not_allowed');
    expect(await currentUserId(app, outside.cookie)).toBeNull();

    const email = `sue@${domains.acme}`;
    const userId = await currentUserId(app, (await signInWithSso(email)).cookie);
    if (!userId) throw new Error('sue did not sign in');
    const suspend = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${userId}/suspend`,
      headers: asUser(admin),
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    const suspended = await signInWithSso(email);
    expect(suspended.location).toBe('/login?sso_error=account_suspended');
    expect(await currentUserId(app, suspended.cookie)).toBeNull();
  });

  it('an existing account of the domain is linked, not duplicated', async () => {
    const existing = await signUpAndConfirm(app, { email: `pat-${randomUUID().slice(0, 6)}@${domains.acme}` });
    const signedIn = await signInWithSso(existing.email);
    expect(await currentUserId(app, signedIn.cookie)).toBe(existing.userId);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: signedIn.cookie } });
    expect(me.json().me.role).toBe('learner');
  });

  it('checks the issuer and the domains when saving; edits keep the secret unless a new one is given', async () => {
    const unreachable = await createProvider(providerBody('beta', { issuer: 'http://127.0.0.1:9/nothing' }));
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json().error.code).toBe('sso_discovery_failed');
    const taken = await createProvider(providerBody('beta', { domains: [domains.acme] }));
    expect(taken.statusCode).toBe(409);
    const listed = await app.inject({ method: 'GET', url: PROVIDERS, headers: asUser(admin) });
    expect(listed.json().providers.map((provider: { slug: string }) => provider.slug)).toEqual([slugs.acme]);

    const renamed = await app.inject({
      method: 'PATCH',
      url: `${PROVIDERS}/${acmeId}`,
      headers: asUser(admin),
      payload: { name: 'Acme staff', clientSecret: 'a-new-secret-value' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.body).not.toContain('a-new-secret-value');
    const audits = await db().select().from(auditEvents).where(eq(auditEvents.recordId, acmeId));
    const update = audits.find((event) => event.action === 'sso.provider.update' && event.newValues?.name);
    expect(update?.newValues).toMatchObject({ name: 'Acme staff', client_secret_replaced: true });
    expect(JSON.stringify(audits)).not.toContain('a-new-secret-value');
  });

  it('only admins manage providers', async () => {
    const learner = await signUpAndConfirm(app);
    expect((await app.inject({ method: 'GET', url: PROVIDERS, headers: asUser(learner) })).statusCode).toBe(403);
    expect((await createProvider(providerBody('beta'), learner)).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'PATCH', url: `${PROVIDERS}/${acmeId}`, headers: asUser(learner), payload: {} }))
        .statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'DELETE', url: `${PROVIDERS}/${acmeId}`, headers: asUser(learner) })).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: PROVIDERS })).statusCode).toBe(401);

    const deleted = await app.inject({ method: 'DELETE', url: `${PROVIDERS}/${acmeId}`, headers: asUser(admin) });
    expect(deleted.statusCode).toBe(200);
    const audits = await db().select().from(auditEvents).where(eq(auditEvents.recordId, acmeId));
    expect(audits.map((event) => event.action)).toContain('sso.provider.delete');
  });
});
