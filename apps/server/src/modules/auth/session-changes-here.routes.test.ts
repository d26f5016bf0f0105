import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import {
  currentUserId,
  getMe,
  latestMessageTo,
  linkIn,
  passwordResetToken,
  signUpAndConfirm,
  uniqueEmail,
} from '../../testing/factories.ts';
import { startTestApp, type TestTarget, testTargets } from '../../testing/test-app.ts';
import { SESSION_CHANGES_CHANNEL } from './session-cache.ts';

/**
 * The database's notices of session and user changes reach an instance some milliseconds after the change commits.
 * Here they never arrive (the listening connection is up, its session notices withheld), so what these tests see is
 * what the instance that made the change knows by itself: a change must show on the user's very next request to it.
 */
function withSessionNoticesWithheld(target: TestTarget): TestTarget {
  return {
    ...target,
    open: async () => {
      const opened = await target.open();
      const { database } = opened;
      const withheld: Database = {
        ...database,
        listen: (channel, onPayload, events) =>
          database.listen(channel, channel === SESSION_CHANGES_CHANNEL ? () => undefined : onPayload, events),
      };
      return { ...opened, database: withheld };
    },
  };
}

describe.each(testTargets())('account changes made through this instance on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await startTestApp(withSessionNoticesWithheld(target)));
  });
  afterAll(async () => {
    await close();
  });

  it('a new email address confirmed by its link (opened signed out) shows on the next request', async () => {
    const learner = await signUpAndConfirm(app);
    const newEmail = uniqueEmail('moved');
    const asked = await app.inject({
      method: 'POST',
      url: '/api/account/change-email',
      headers: { cookie: learner.cookie },
      payload: { newEmail },
    });
    expect(asked.statusCode).toBe(200);
    // Resolved and kept by this instance before the change.
    expect((await getMe(app, { cookie: learner.cookie })).json().me.user.email).toBe(learner.email);

    const opened = await app.inject({ method: 'GET', url: linkIn(await latestMessageTo(app, newEmail)) });
    expect(opened.statusCode).toBe(302);
    expect((await getMe(app, { cookie: learner.cookie })).json().me.user.email).toBe(newEmail);
  });

  it('a password reset (signed out) ends the sessions this instance had resolved', async () => {
    const learner = await signUpAndConfirm(app);
    expect(await currentUserId(app, learner.cookie)).toBe(learner.userId);

    const token = await passwordResetToken(app, learner.email);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/account/reset-password',
      payload: { token, newPassword: 'a-brand-new-password' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await currentUserId(app, learner.cookie)).toBeNull();
  });
});
