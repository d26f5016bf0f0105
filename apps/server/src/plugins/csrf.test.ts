import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { type SignedIn, signInAs, signUpAndConfirm } from '../testing/factories.ts';
import { startTestApp, testTargets } from '../testing/test-app.ts';

const APP_ORIGIN = 'http://localhost:3000';

describe.each(testTargets())('cross-site request forgery on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;
  let user: SignedIn & { email: string; password: string };

  beforeAll(async () => {
    const started = await startTestApp(target);
    app = started.app;
    close = started.close;
    user = await signUpAndConfirm(app);
  });
  afterAll(async () => {
    await close();
  });

  const contrast = async () =>
    (await app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: user.cookie } })).json<{
      profile: { color_contrast: string };
    }>().profile.color_contrast;
  const setContrast = (value: string, headers: Record<string, string | undefined>) =>
    app.inject({ method: 'PATCH', url: '/api/profile', headers, payload: { color_contrast: value } });

  it.each<{ label: string; headers: Record<string, string | undefined> }>([
    { label: 'another origin', headers: { origin: 'https://evil.example' } },
    { label: 'a same-site subdomain', headers: { origin: 'http://evil.localhost:3000' } },
    { label: 'an opaque origin (sandboxed frame)', headers: { origin: 'null' } },
    { label: 'no Origin, Referer or Sec-Fetch-Site', headers: { origin: undefined } },
    {
      label: 'no Origin and a cross-site Sec-Fetch-Site',
      headers: { origin: undefined, 'sec-fetch-site': 'cross-site', referer: `${APP_ORIGIN}/x` },
    },
    { label: 'no Origin and a foreign Referer', headers: { origin: undefined, referer: 'https://evil.example/form' } },
  ])('a cookie-carrying change from $label is refused with 403 and changes nothing', async ({ headers }) => {
    const before = await contrast();

    const response = await setContrast(before === 'High' ? 'Standard' : 'High', { cookie: user.cookie, ...headers });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'csrf_rejected' } });
    expect(response.json().error.message).toContain(APP_ORIGIN);
    expect(await contrast()).toBe(before);
  });

  it.each<{ label: string; headers: Record<string, string | undefined> }>([
    { label: "the app's Origin", headers: { origin: APP_ORIGIN } },
    {
      label: 'no Origin but Sec-Fetch-Site: same-origin',
      headers: { origin: undefined, 'sec-fetch-site': 'same-origin' },
    },
    {
      label: "no Origin but a Referer of the app's",
      headers: { origin: undefined, referer: `${APP_ORIGIN}/settings` },
    },
  ])('a change from $label goes through', async ({ headers }) => {
    const wanted = (await contrast()) === 'High' ? 'Standard' : 'High';

    const response = await setContrast(wanted, { cookie: user.cookie, ...headers });

    expect(response.statusCode).toBe(200);
    expect(await contrast()).toBe(wanted);
  });

  it('a bearer-token request needs no Origin: another site cannot make a browser send one', async () => {
    const { token } = await signInAs(app, { email: user.email, password: user.password });
    const wanted = (await contrast()) === 'High' ? 'Standard' : 'High';

    const response = await setContrast(wanted, { authorization: `Bearer ${token}`, origin: undefined });

    expect(response.statusCode).toBe(200);
    expect(await contrast()).toBe(wanted);
  });

  it('a request without a session cookie is not affected (signing in from the sign-in form)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/account/sign-in',
      headers: { origin: undefined },
      payload: { email: user.email, password: user.password },
    });

    expect(response.statusCode).toBe(200);
  });
});
