import { startTestApp, type TestTarget } from '../../testing/test-app.ts';
import { seedDemoData } from '../demo/demo.module.ts';

/** An app with the demo accounts seeded, as the account route tests start it, and its sign-in call. */
export async function startAccountsApp(target: TestTarget) {
  const started = await startTestApp(target);
  await seedDemoData({ app: started.app, db: started.database.db });
  const signIn = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    started.app.inject({ method: 'POST', url: '/api/account/sign-in', payload, headers });
  return { ...started, signIn };
}
export type AccountsApp = Awaited<ReturnType<typeof startAccountsApp>>;
