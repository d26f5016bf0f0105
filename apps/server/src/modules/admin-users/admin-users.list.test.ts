import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { csvCell } from '../../csv.ts';
import { asUser, signUpAdmin } from '../../testing/billing-factories.ts';
import { type SignedIn, signUpAndConfirm, signUpSubscribed } from '../../testing/factories.ts';
import { databaseOf, startTestApp, testTargets } from '../../testing/test-app.ts';
import { users } from '../auth/auth.table.ts';
import { userRoles } from '../auth/roles.table.ts';
import { profiles } from '../profile/profile.table.ts';
import { subscriptions } from '../subscription/subscription.table.ts';
import { accountStates } from './admin-users.table.ts';

const DAY = 86_400_000;
const NOW = Date.now();
type Listed = { id: string; name: string; email: string | null; role: string; tier: string | null; status: string };

/** Users written straight into the tables, with known names, roles, plans and activity. */
const SEEDED = Array.from({ length: 24 }, (_, index) => ({
  id: randomUUID(),
  name: `${['Ada', 'bert', 'Cleo', 'dora'][index % 4]} Seed${String(index).padStart(2, '0')}`,
  email: `seed${String(index).padStart(2, '0')}.${index % 3 === 0 ? 'Zebra' : 'yak'}@list-test.example`,
  phone: index % 5 === 0 ? `+49151000${String(index).padStart(4, '0')}` : null,
  // Several users share a creation time, so the id tiebreak is exercised.
  createdAt: new Date(NOW - 100 * DAY + Math.floor(index / 3) * DAY),
  lastActiveAt: new Date(NOW - (index % 8) * 10 * DAY),
  role: index % 6 === 0 ? 'instructor' : index === 7 ? 'admin' : null,
  tier: index % 4 === 0 ? 'me' : index % 4 === 1 ? 'calm' : index === 2 ? 'universal' : null,
  beta: index % 7 === 0,
  suspended: index === 5 || index === 11,
}));

describe.each(testTargets())('admin user list on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;
  let admin: SignedIn;

  beforeAll(async () => {
    ({ app, close } = await startTestApp(target));
    admin = await signUpAdmin(app);
    const { db } = databaseOf(app);
    for (const user of SEEDED) {
      await db.insert(users).values({
        id: user.id,
        name: user.name,
        email: user.email.toLowerCase(),
        emailVerified: true,
        phoneNumber: user.phone,
        createdAt: user.createdAt,
      });
      await db
        .update(accountStates)
        .set({ lastActiveAt: user.lastActiveAt, suspendedAt: user.suspended ? new Date() : null })
        .where(eq(accountStates.userId, user.id));
      if (user.role) await db.insert(userRoles).values({ userId: user.id, role: user.role as 'admin' });
      if (user.tier) {
        await db.insert(subscriptions).values({
          userId: user.id,
          tier: user.tier as 'me',
          status: 'active',
          provider: 'seed',
          currentPeriodEnd: user.tier === 'universal' ? new Date(NOW - 10 * DAY) : null,
        });
      }
      await db.insert(profiles).values({
        id: user.id,
        betaAccess: user.beta,
        emailNotifications: { new_courses: true, weekly_summary: true, ai_prompts: true },
        appReminders: { study_streak: true, module_nudges: true },
        calendarSync: { google: false, outlook: false },
      });
    }
  });
  afterAll(async () => {
    await close();
  });

  const list = (query: string, by: SignedIn = admin) =>
    app.inject({ method: 'GET', url: `/api/admin/users?${query}`, headers: asUser(by) });
  const seededOnly = (rows: Listed[]) => rows.filter((row) => row.email?.endsWith('@list-test.example'));
  const listAll = async (query: string, limit = 5) => {
    const seen: Listed[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await list(`${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(response.statusCode).toBe(200);
      const body = response.json<{ users: Listed[]; next_cursor: string | null }>();
      expect(body.users.length).toBeLessThanOrEqual(limit);
      seen.push(...body.users);
      cursor = body.next_cursor;
      pages += 1;
    } while (cursor && pages < 50);
    return seen;
  };
  const ids = (rows: { id: string }[]) => rows.map((row) => row.id).sort();
  const seededIds = (predicate: (user: (typeof SEEDED)[number]) => boolean) => ids(SEEDED.filter(predicate));

  it('finds users by part of the email, name or phone number, whatever the case', async () => {
    const byEmail = (await list('q=ZEBRA@LIST')).json().users;
    expect(ids(byEmail)).toEqual(seededIds((user) => user.email.includes('Zebra')));
    expect(ids((await list('q=dora%20seed')).json().users)).toEqual(seededIds((user) => user.name.startsWith('dora')));
    expect(ids((await list('q=1510000010')).json().users)).toEqual(
      seededIds((user) => user.phone?.includes('1510000010') ?? false),
    );
    expect((await list('q=100%25')).json().users).toEqual([]);
  });

  it('filters by role, tier, status, beta and last activity', async () => {
    const check = async (query: string, predicate: (user: (typeof SEEDED)[number]) => boolean) => {
      expect(ids(seededOnly(await listAll(`q=list-test&${query}`, 50))), query).toEqual(seededIds(predicate));
    };
    await check('role=instructor', (user) => user.role === 'instructor');
    await check('role=admin', (user) => user.role === 'admin');
    await check('role=learner', (user) => user.role === null);
    await check('tier=me', (user) => user.tier === 'me');
    // The universal plan ended ten days ago: the user is on calm now.
    await check('tier=calm', (user) => user.tier === 'calm' || user.tier === 'universal');
    await check('tier=universal', () => false);
    await check('tier=none', (user) => user.tier === null);
    await check('status=suspended', (user) => user.suspended);
    await check('status=active', (user) => !user.suspended);
    await check('beta=yes', (user) => user.beta);
    await check('beta=no', (user) => !user.beta);
    await check('activeWithinDays=25', (user) => NOW - user.lastActiveAt.getTime() <= 25 * DAY);
    await check('inactiveDays=35', (user) => NOW - user.lastActiveAt.getTime() > 35 * DAY);
    await check(
      'role=instructor&tier=me&beta=yes',
      (user) => user.role === 'instructor' && user.tier === 'me' && user.beta,
    );
    const row = seededOnly((await list('q=seed02.yak')).json().users)[0];
    expect(row).toMatchObject({ role: 'learner', tier: 'calm', status: 'active' });
  });

  it.each([
    ['created', 'asc', (a: (typeof SEEDED)[number]) => a.createdAt.getTime()],
    ['created', 'desc', (a: (typeof SEEDED)[number]) => a.createdAt.getTime()],
    ['last_active', 'desc', (a: (typeof SEEDED)[number]) => a.lastActiveAt.getTime()],
    ['name', 'asc', (a: (typeof SEEDED)[number]) => a.name.toLowerCase()],
    ['email', 'desc', (a: (typeof SEEDED)[number]) => a.email.toLowerCase()],
  ] as const)('sorts by %s %s over keyset pages with no duplicates or gaps', async (sort, order, key) => {
    const rows = seededOnly(await listAll(`q=list-test&sort=${sort}&order=${order}`, 4));
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    expect(ids(rows)).toEqual(ids(SEEDED));
    const byId = new Map<string, (typeof SEEDED)[number]>(SEEDED.map((user) => [user.id, user]));
    const keys = rows.flatMap((row) => {
      const user = byId.get(row.id);
      return user ? [key(user)] : [];
    });
    const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(keys).toEqual(order === 'asc' ? sorted : sorted.reverse());
  });

  it('answers 400 for a broken cursor, a cursor of another sort and unknown filters; 403 for learners', async () => {
    const first = (await list('q=list-test&limit=3&sort=name&order=asc')).json();
    expect(first.next_cursor).toEqual(expect.any(String));
    expect(
      (await list(`q=list-test&sort=email&order=asc&cursor=${encodeURIComponent(first.next_cursor)}`)).statusCode,
    ).toBe(400);
    for (const query of [
      'cursor=not-a-cursor',
      'role=owner',
      'tier=gold',
      'status=gone',
      'beta=maybe',
      'limit=0',
      'sort=age',
      'activeWithinDays=-1',
    ]) {
      expect((await list(query)).statusCode, query).toBe(400);
    }
    const learner = await signUpSubscribed(app, 'calm');
    expect((await list('', learner)).statusCode).toBe(403);
  });

  it('notes activity: a signed-in request moves the user to the top of "last active"', async () => {
    // Confirming signs in without a signed-in request, so nothing has noted this user's activity yet.
    const learner = await signUpAndConfirm(app);
    await databaseOf(app)
      .db.update(accountStates)
      .set({ lastActiveAt: new Date(NOW - 400 * DAY) })
      .where(eq(accountStates.userId, learner.userId));
    await app.inject({ method: 'GET', url: '/api/subscription/check', headers: asUser(learner) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const top = (await list('sort=last_active&order=desc&limit=3')).json().users.map((row: Listed) => row.id);
    expect(top).toContain(learner.userId);
  });

  it('exports the current filter as CSV with formula cells defused', async () => {
    const { db } = databaseOf(app);
    const id = randomUUID();
    await db
      .insert(users)
      .values({ id, name: '=HYPERLINK("x")', email: 'formula@csv-test.example', emailVerified: true });
    const response = await app.inject({
      method: 'GET',
      url: '/api/admin/users/export.csv?q=csv-test',
      headers: asUser(admin),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="users-/);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,name,email,phone_number,role,tier,status,beta_access,created_at,last_active_at');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${id},"'=HYPERLINK(""x"")",formula@csv-test.example,,learner,,active,false,`);
    const all = await app.inject({
      method: 'GET',
      url: '/api/admin/users/export.csv?q=list-test&role=instructor',
      headers: asUser(admin),
    });
    expect(all.body.trim().split('\r\n')).toHaveLength(1 + SEEDED.filter((user) => user.role === 'instructor').length);
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/users/export.csv?tier=gold', headers: asUser(admin) }))
        .statusCode,
    ).toBe(400);
  });

  it('escapes CSV cells', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('+4915100')).toBe("'+4915100");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(null)).toBe('');
    expect(csvCell(false)).toBe('false');
  });
});
