import { randomUUID } from 'node:crypto';
import { apiErrorBodySchema } from '@portal/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { jsonBodyProblem, MAX_JSON_DEPTH } from '../json-limits.ts';
import { type SignedIn, signUpAndConfirm } from '../testing/factories.ts';
import { startTestApp, testTargets } from '../testing/test-app.ts';

const nested = (depth: number, inner = '1') => `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;

describe('scanning a JSON body', () => {
  it.each([
    ['an object nested to the limit', nested(MAX_JSON_DEPTH), null],
    ['an object one level deeper', nested(MAX_JSON_DEPTH + 1), 'too_deep'],
    ['arrays 100 000 levels deep', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, 'too_deep'],
    ['brackets inside a string', `{"a":"${'['.repeat(100)}"}`, null],
    ['an escaped NUL in a value', '{"a":"x\\u0000"}', 'nul'],
    ['an escaped NUL in a key', '{"a\\u0000":1}', 'nul'],
    ['an escaped backslash before the text u0000', '{"a":"\\\\u0000"}', null],
    ['an escaped quote before brackets', '{"a":"\\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}', null],
  ])('%s', (_label, text, problem) => {
    expect(jsonBodyProblem(text)).toBe(problem);
  });
});

describe.each(testTargets())('JSON bodies on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;
  let learner: SignedIn;

  beforeAll(async () => {
    const started = await startTestApp(target);
    app = started.app;
    close = started.close;
    learner = await signUpAndConfirm(app);
    const saved = await patchProfile(JSON.stringify({ bio: 'Before' }));
    expect(saved.statusCode).toBe(200);
  });
  afterAll(async () => {
    await close();
  });

  const patchProfile = (payload: string) =>
    app.inject({
      method: 'PATCH',
      url: '/api/profile',
      payload,
      headers: { 'content-type': 'application/json', cookie: learner.cookie },
    });
  const storedBio = async () =>
    (await app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: learner.cookie } })).json().profile.bio;

  async function expectRefused(payload: string, status: number, code: string) {
    const response = await patchProfile(payload);
    expect(response.statusCode).toBe(status);
    const { error } = apiErrorBodySchema.parse(response.json());
    expect(error.code).toBe(code);
    expect(await storedBio()).toBe('Before');
    return error.message;
  }

  it('a body nested deeper than the limit is a 400 that says so, and changes nothing', async () => {
    const message = await expectRefused(
      `{"bio":"After","email_notifications":${nested(MAX_JSON_DEPTH)}}`,
      400,
      'nesting_too_deep',
    );
    expect(message).toContain(`${MAX_JSON_DEPTH} levels`);
  });

  it('a body 200 000 levels deep is refused the same way', async () => {
    await expectRefused(`${'['.repeat(200_000)}${']'.repeat(200_000)}`, 400, 'nesting_too_deep');
  });

  it.each([
    ['a value', '{"bio":"After\\u0000"}'],
    ['a key', '{"bio":"After","email_notifications":{"new\\u0000courses":true}}'],
    ['a list item', '{"bio":"After","learning_styles":["vis\\u0000ual"]}'],
  ])('a NUL character in %s is a 400 naming the character, and changes nothing', async (_label, payload) => {
    const message = await expectRefused(payload, 400, 'unstorable_text');
    expect(message).toMatch(/NUL/);
  });

  it('a body over the size limit is a 413 that says it is too large', async () => {
    const message = await expectRefused(JSON.stringify({ bio: 'x'.repeat(1_100_000) }), 413, 'payload_too_large');
    expect(message).toMatch(/too large/);
  });

  it('a SCORM commit sent as text/plain, as sendBeacon does, follows the same limits', async () => {
    const commit = (payload: string) =>
      app.inject({
        method: 'POST',
        url: `/api/scorm/attempts/${randomUUID()}/commit`,
        payload,
        headers: { 'content-type': 'text/plain', cookie: learner.cookie },
      });

    expect((await commit(nested(MAX_JSON_DEPTH + 1))).json().error.code).toBe('nesting_too_deep');
    expect((await commit('{"cmi.suspend_data":"a\\u0000"}')).json().error.code).toBe('unstorable_text');
  });

  it('a __proto__ key is refused as invalid JSON', async () => {
    await expectRefused('{"bio":"After","__proto__":{"beta_access":true}}', 400, 'bad_request');
  });

  it('the text \\u0000 written out (an escaped backslash) is ordinary text and is saved', async () => {
    const response = await patchProfile('{"bio":"C strings end in \\\\u0000"}');
    expect(response.statusCode).toBe(200);
    expect(await storedBio()).toBe('C strings end in \\u0000');
    await patchProfile(JSON.stringify({ bio: 'Before' }));
  });
});
