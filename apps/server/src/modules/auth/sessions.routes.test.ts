import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { cookieHeaderFrom, currentUserId, signUpAndConfirm, TEST_PASSWORD } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

type ListedSession = { id: string; current: boolean; browser: string | null; os: string | null } & Record<
  string,
  unknown
>;

describe.each(testTargets())('active sessions on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const started = await startTestApp(target);
    app = started.app;
    close = started.close;
  });
  afterAll(async () => {
    await close();
  });

  const listSessions = (cookie: string) =>
    app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie } });
  const sessionsOf = async (cookie: string) =>
    (await listSessions(cookie)).json<{ sessions: ListedSession[] }>().sessions;
  const revoke = (cookie: string, id: string) =>
    app.inject({ method: 'DELETE', url: `/api/account/sessions/${id}`, headers: { cookie } });

  /** One user on two devices: the confirmation link's session and a Firefox sign-in. */
  async function twoDevices() {
    const { email, cookie, userId } = await signUpAndConfirm(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/account/sign-in',
      payload: { email, password: TEST_PASSWORD },
      headers: { 'user-agent': FIREFOX_ON_WINDOWS },
    });
    return { email, userId, cookie, firefox: cookieHeaderFrom(response) };
  }

  it('lists the caller’s sessions with this one first and marked, and no tokens', async () => {
    const { cookie, firefox } = await twoDevices();

    const response = await listSessions(cookie);
    expect(response.statusCode).toBe(200);
    const sessions = response.json<{ sessions: ListedSession[] }>().sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions.map((session) => session.current)).toEqual([true, false]);
    expect(sessions[1]).toMatchObject({ browser: 'Firefox', os: 'Windows', userAgent: FIREFOX_ON_WINDOWS });
    expect(Object.keys(sessions[0] ?? {}).sort()).toEqual(
      ['browser', 'createdAt', 'current', 'expiresAt', 'id', 'ipAddress', 'os', 'updatedAt', 'userAgent'].sort(),
    );
    const firefoxView = await sessionsOf(firefox);
    expect(firefoxView.find((session) => session.current)?.id).toBe(sessions[1]?.id);
    const token = decodeURIComponent(cookie.match(/portal\.session_token=([^;]+)/)?.[1] ?? '').split('.')[0] ?? '';
    expect(token).not.toBe('');
    expect(response.body).not.toContain(token);
  });

  it('never shows another user’s sessions', async () => {
    const mine = await twoDevices();
    const theirs = await twoDevices();

    const ids = (await sessionsOf(mine.cookie)).map((session) => session.id);
    const theirIds = (await sessionsOf(theirs.cookie)).map((session) => session.id);
    expect(ids.some((id) => theirIds.includes(id))).toBe(false);
  });

  it('signs out one other device and keeps this one', async () => {
    const { cookie, firefox, userId } = await twoDevices();
    const other = (await sessionsOf(cookie)).find((session) => !session.current);

    const response = await revoke(cookie, other?.id ?? '');
    expect(response.statusCode).toBe(200);
    expect(await currentUserId(app, firefox)).toBeNull();
    expect(await currentUserId(app, cookie)).toBe(userId);
    expect(await sessionsOf(cookie)).toHaveLength(1);
  });

  it('answers 404 for another user’s session and leaves it alone', async () => {
    const mine = await twoDevices();
    const theirs = await twoDevices();
    const theirSession = (await sessionsOf(theirs.cookie))[0];

    const response = await revoke(mine.cookie, theirSession?.id ?? '');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
    expect(await currentUserId(app, theirs.cookie)).toBe(theirs.userId);
  });

  it('answers 404 for a session that does not exist and 400 for a malformed id', async () => {
    const { cookie } = await signUpAndConfirm(app);
    expect((await revoke(cookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await revoke(cookie, 'not-an-id')).statusCode).toBe(400);
  });

  it('signing out this session by its id clears the cookie', async () => {
    const { cookie } = await signUpAndConfirm(app);
    const [current] = await sessionsOf(cookie);

    const response = await revoke(cookie, current?.id ?? '');
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((item) => item.name === 'portal.session_token')?.value ?? '').toBe('');
    expect(await currentUserId(app, cookie)).toBeNull();
  });

  it('needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/account/sessions' })).statusCode).toBe(401);
    const response = await app.inject({
      method: 'DELETE',
      url: '/api/account/sessions/00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(401);
  });
});
