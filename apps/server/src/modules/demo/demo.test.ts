import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { getMe, signInAs } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { users } from '../auth/auth.table.ts';
import { userRoles } from '../auth/roles.table.ts';
import { profiles } from '../profile/profile.table.ts';
import { subscriptions } from '../subscription/subscription.table.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './demo.module.ts';

describe.each(testTargets())('demo data on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const started = await startTestApp(target);
    app = started.app;
    database = started.database;
    close = started.close;
    await seedDemoData({ app, db: database.db });
  });
  afterAll(async () => {
    await close();
  });

  it('seeding again changes nothing: still three users, one role and one plan each', async () => {
    await seedDemoData({ app, db: database.db });

    expect(await database.db.$count(users)).toBe(3);
    expect(await database.db.$count(userRoles)).toBe(3);
    expect(await database.db.$count(subscriptions)).toBe(3);
    expect(await database.db.$count(profiles)).toBe(3);
  });

  it('a seed cut short (user created, nothing else) is completed on the next start', async () => {
    const started = await startTestApp(target);
    try {
      const context = await started.app.authInstance.$context;
      await context.internalAdapter.createUser(
        { email: 'admin@example.com', name: 'Ada Admin', emailVerified: true },
        { method: 'admin' },
      );
      await seedDemoData({ app: started.app, db: started.database.db });
      expect(await started.database.db.$count(userRoles)).toBe(3);
      expect(await started.database.db.$count(subscriptions)).toBe(3);
      const { cookie } = await signInAs(started.app, { email: 'admin@example.com', password: DEMO_PASSWORD });
      expect((await getMe(started.app, { cookie })).json().me.role).toBe('admin');
    } finally {
      await started.close();
    }
  });

  it.each(DEMO_ACCOUNTS)('$email signs in with the demo password as $role on $tier', async (account) => {
    const { cookie } = await signInAs(app, { email: account.email, password: DEMO_PASSWORD });

    const me = (await getMe(app, { cookie })).json().me;
    expect(me).toMatchObject({
      user: { email: account.email, name: account.name, emailVerified: true },
      role: account.role,
    });

    const status = await app.inject({ method: 'GET', url: '/api/subscription/check', headers: { cookie } });
    expect(status.json()).toMatchObject({ subscribed: true, subscription_tier: account.tier });

    const profile = await app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
    expect(profile.json().profile).toMatchObject({ full_name: account.name, email: account.email, text_size: 3 });
  });
});
