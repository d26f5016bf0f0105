import { SPEC_MESSAGES } from '@portal/shared/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import {
  codeIn,
  cookieHeaderFrom,
  latestMessageTo,
  signUp,
  signUpAndConfirm,
  TEST_PASSWORD,
  uniquePhoneNumber,
} from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { profiles } from './profile.table.ts';

describe.each(testTargets())('profiles on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const started = await startTestApp(target);
    app = started.app;
    database = started.database;
    close = started.close;
  });
  afterAll(async () => {
    await close();
  });

  const getProfile = (cookie: string, url = '/api/profile') => app.inject({ method: 'GET', url, headers: { cookie } });
  const patchProfile = (cookie: string, payload: unknown) =>
    app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie },
      payload: payload as Record<string, unknown>,
    });

  it('a new user gets a profile with every default from the spec', async () => {
    const { cookie, userId, email } = await signUpAndConfirm(app, { name: 'Nora Newcomer' });

    const response = await getProfile(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({
      id: userId,
      full_name: 'Nora Newcomer',
      display_name: 'Nora',
      email,
      bio: null,
      timezone: 'UTC',
      primary_language: 'English',
      comfort_mode: 'Normal',
      time_format: '12h',
      date_format: 'US',
      font_family: 'System',
      color_contrast: 'Standard',
      dual_language_enabled: false,
      text_size: 3,
      line_spacing: 3,
      push_notifications_enabled: false,
      two_factor_enabled: false,
      speech_to_text_enabled: false,
      email_notifications: { new_courses: true, weekly_summary: true, ai_prompts: false },
      app_reminders: { study_streak: true, module_nudges: true },
      calendar_sync: { google: false, outlook: false },
      learning_styles: [],
      beta_access: false,
    });
  });

  it('reading the profile twice returns the same stored profile', async () => {
    const { cookie } = await signUpAndConfirm(app);

    const first = (await getProfile(cookie)).json().profile;
    const second = (await getProfile(cookie)).json().profile;
    expect(second).toEqual(first);
  });

  it('a user who signed up by phone never sees a placeholder email on their profile', async () => {
    const phoneNumber = uniquePhoneNumber();
    await signUp(app, { phoneNumber, password: TEST_PASSWORD });
    const verified = await app.inject({
      method: 'POST',
      url: '/api/account/verify-phone',
      payload: { phoneNumber, code: codeIn(await latestMessageTo(app, phoneNumber)) },
    });

    const cookie = cookieHeaderFrom(verified);
    const profile = (await getProfile(cookie)).json().profile;
    expect(profile.email).toBeNull();

    await database.db.delete(profiles).where(eq(profiles.id, profile.id));
    const recreated = (await getProfile(cookie)).json().profile;
    expect(recreated).toMatchObject({ id: profile.id, email: null, text_size: 3 });
  });

  it('saved settings are returned and kept', async () => {
    const { cookie } = await signUpAndConfirm(app);

    const saved = await patchProfile(cookie, {
      display_name: 'Sam',
      font_family: 'OpenDyslexic',
      color_contrast: 'High',
      comfort_mode: 'Focus Mode',
      time_format: '24h',
      date_format: 'ISO',
      primary_language: 'German',
      timezone: 'Europe/Berlin',
      email_notifications: { new_courses: false, weekly_summary: false, ai_prompts: true },
      learning_styles: ['visual', 'auditory'],
    });
    expect(saved.statusCode).toBe(200);

    const profile = (await getProfile(cookie)).json().profile;
    expect(profile).toMatchObject({
      display_name: 'Sam',
      font_family: 'OpenDyslexic',
      color_contrast: 'High',
      comfort_mode: 'Focus Mode',
      time_format: '24h',
      date_format: 'ISO',
      primary_language: 'German',
      timezone: 'Europe/Berlin',
      email_notifications: { new_courses: false, weekly_summary: false, ai_prompts: true },
      learning_styles: ['visual', 'auditory'],
      text_size: 3,
    });
    expect(saved.json().profile).toEqual(profile);
  });

  describe("one user's settings", () => {
    let cookie: string;

    beforeAll(async () => {
      cookie = (await signUpAndConfirm(app)).cookie;
    });

    it.each([
      { sent: 9, stored: 5 },
      { sent: -2, stored: 1 },
      { sent: 0, stored: 1 },
      { sent: 2.4, stored: 2 },
      { sent: 4, stored: 4 },
    ])('text size and line spacing $sent are stored as $stored', async ({ sent, stored }) => {
      const saved = await patchProfile(cookie, { text_size: sent, line_spacing: sent });
      expect(saved.statusCode).toBe(200);

      const profile = (await getProfile(cookie)).json().profile;
      expect(profile.text_size).toBe(stored);
      expect(profile.line_spacing).toBe(stored);
    });

    it.each([
      { label: 'an unknown field', body: { display_name: 'Changed', favourite_colour: 'green' } },
      { label: 'a text size given as text', body: { display_name: 'Changed', text_size: '4' } },
      { label: 'a font that does not exist', body: { display_name: 'Changed', font_family: 'Comic Sans' } },
      { label: 'a boolean given as text', body: { display_name: 'Changed', dual_language_enabled: 'yes' } },
      { label: 'an unknown time zone', body: { display_name: 'Changed', timezone: 'Mars/Olympus' } },
      {
        label: 'an incomplete notification set',
        body: { display_name: 'Changed', email_notifications: { new_courses: true } },
      },
      { label: 'a list instead of an object', body: [{ display_name: 'Changed' }] },
    ])('$label is refused with 400 and nothing changes', async ({ body }) => {
      const before = (await getProfile(cookie)).json().profile;

      const response = await patchProfile(cookie, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
      expect(typeof response.json().error.message).toBe('string');

      expect((await getProfile(cookie)).json().profile).toEqual(before);
    });

    it.each([
      ['beta_access', true],
      ['two_factor_enabled', true],
      ['id', 'someone-else'],
      ['created_at', '2000-01-01T00:00:00.000Z'],
    ])('a user cannot set %s themselves', async (field, value) => {
      const before = (await getProfile(cookie)).json().profile;

      const response = await patchProfile(cookie, { [field]: value });
      expect(response.statusCode).toBe(400);

      expect((await getProfile(cookie)).json().profile).toEqual(before);
    });
  });

  describe('between two users', () => {
    it('a user only ever reads their own profile, whatever id they pass', async () => {
      const alice = await signUpAndConfirm(app, { name: 'Alice Able' });
      const bob = await signUpAndConfirm(app, { name: 'Bob Baker' });
      await patchProfile(alice.cookie, { bio: 'Alice private notes' });

      for (const url of ['/api/profile', `/api/profile?id=${alice.userId}`, `/api/profile?user_id=${alice.userId}`]) {
        const response = await getProfile(bob.cookie, url);
        expect(response.statusCode).toBe(200);
        expect(response.json().profile).toMatchObject({ id: bob.userId, full_name: 'Bob Baker', bio: null });
      }
      expect((await getProfile(bob.cookie, `/api/profile/${alice.userId}`)).statusCode).toBe(404);
    });

    it("a user's changes never reach another user's profile", async () => {
      const alice = await signUpAndConfirm(app, { name: 'Alice Able' });
      const bob = await signUpAndConfirm(app, { name: 'Bob Baker' });
      const aliceBefore = (await getProfile(alice.cookie)).json().profile;

      const byId = await patchProfile(bob.cookie, { id: alice.userId, bio: 'written by Bob' });
      expect(byId.statusCode).toBe(400);
      const byQuery = await app.inject({
        method: 'PATCH',
        url: `/api/profile?id=${alice.userId}`,
        headers: { cookie: bob.cookie },
        payload: { bio: 'written by Bob' },
      });
      expect(byQuery.json().profile.id).toBe(bob.userId);

      expect((await getProfile(alice.cookie)).json().profile).toEqual(aliceBefore);
      expect((await getProfile(bob.cookie)).json().profile.bio).toBe('written by Bob');
    });
  });

  describe('without a session', () => {
    it('reading answers 401 "User not authenticated"', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/profile' });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({ code: 'unauthorized', message: SPEC_MESSAGES.userNotAuthenticated });
    });

    it('saving answers 401 even when the body is also wrong', async () => {
      const response = await app.inject({ method: 'PATCH', url: '/api/profile', payload: { text_size: 'big' } });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe(SPEC_MESSAGES.userNotAuthenticated);
    });
  });
});
