import type { Database } from '../../db/client.ts';
import { startTestApp, type TestTarget } from '../../testing/test-app.ts';
import { seedDemoData } from '../demo/demo.module.ts';
import { SESSION_CHANGES_CHANNEL } from './session-cache.ts';

/**
 * `target` with the database's notices of session and user changes withheld: the listening connection is up, but
 * those notices never arrive. They reach an instance some milliseconds after a change commits; an app started on
 * this shows what the instance that made a change knows by itself, which must be enough for the user's next request.
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

/**
 * An app with the demo accounts seeded, as the account route tests start it, and its sign-in call. Every account
 * change these tests make goes through this one app, so it runs without the database's session notices: what it
 * answers after a change is what it knew by itself.
 */
export async function startAccountsApp(target: TestTarget) {
  const started = await startTestApp(withSessionNoticesWithheld(target));
  await seedDemoData({ app: started.app, db: started.database.db });
  const signIn = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    started.app.inject({ method: 'POST', url: '/api/account/sign-in', payload, headers });
  return { ...started, signIn };
}
export type AccountsApp = Awaited<ReturnType<typeof startAccountsApp>>;
