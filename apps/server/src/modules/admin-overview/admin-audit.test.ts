import type { AdminAuditEvent, AdminAuditPage } from '@portal/shared/admin-overview';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { asUser, signUpAdmin } from '../../testing/billing-factories.ts';
import { signUpAndConfirm } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { createAuditRepository, type NewAuditEventRow } from '../audit/audit.repository.ts';
import { users } from '../auth/auth.table.ts';

describe.each(testTargets())('the audit log viewer on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let admin: Awaited<ReturnType<typeof signUpAdmin>>;

  beforeAll(async () => {
    ({ app, database, close } = await startTestApp(target));
    admin = await signUpAdmin(app);
  });
  afterAll(async () => {
    await close();
  });

  const record = (events: NewAuditEventRow[]) =>
    Promise.all(events.map((event) => createAuditRepository({ db: database.db }).insert(event)));
  const audit = (query: string) =>
    app.inject({ method: 'GET', url: `/api/admin/audit?${query}`, headers: asUser(admin) });
  const page = async (query: string) => {
    const response = await audit(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminAuditPage>();
  };
  /** Every page of a query, following next_cursor. */
  const allPages = async (query: string, limit: number) => {
    const seen: AdminAuditEvent[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const current: AdminAuditPage = await page(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(current.events.length).toBeLessThanOrEqual(limit);
      seen.push(...current.events);
      cursor = current.next_cursor;
      pages += 1;
    } while (cursor && pages < 50);
    return { seen, pages };
  };

  it('filters by the acting admin (id or part of the email), the target, an action prefix and the days', async () => {
    const other = await signUpAdmin(app);
    const learner = await signUpAndConfirm(app, { name: 'Tara Target' });
    await record([
      {
        userId: learner.userId,
        actorId: admin.userId,
        action: 'user.suspend',
        createdAt: new Date('2026-03-01T10:00:00Z'),
      },
      {
        userId: learner.userId,
        actorId: admin.userId,
        action: 'user.role_change',
        createdAt: new Date('2026-03-02T23:59:59Z'),
      },
      {
        userId: learner.userId,
        actorId: other.userId,
        action: 'beta.grant',
        createdAt: new Date('2026-03-03T00:00:00Z'),
      },
      { userId: learner.userId, actorId: null, action: 'profile.update', createdAt: new Date('2026-03-04T08:00:00Z') },
    ]);
    const actions = async (query: string) =>
      (await page(`target=${learner.userId}&${query}`)).events.map((e) => e.action);

    expect(await actions('')).toEqual(['profile.update', 'beta.grant', 'user.role_change', 'user.suspend']);
    expect(await actions(`actor=${admin.userId}`)).toEqual(['user.role_change', 'user.suspend']);
    expect(await actions(`actor=${encodeURIComponent(other.email.slice(0, 12).toUpperCase())}`)).toEqual([
      'beta.grant',
    ]);
    expect(await actions('action=user.')).toEqual(['user.role_change', 'user.suspend']);
    expect(await actions('action=user_')).toEqual([]);
    expect(await actions('from=2026-03-02&to=2026-03-03')).toEqual(['beta.grant', 'user.role_change']);
    expect(await actions('actor=&action=&from=&to=')).toHaveLength(4);
    const byEmail = await page(`target=${encodeURIComponent(learner.email)}`);
    expect(byEmail.events).toHaveLength(4);
    expect(byEmail.events[1]).toMatchObject({
      actor: { id: other.userId, email: other.email },
      target: { id: learner.userId, name: 'Tara Target', email: learner.email },
    });
  });

  it('pages newest first without gaps or repeats, events of the same instant included', async () => {
    const learner = await signUpAndConfirm(app);
    const sameInstant = new Date('2026-05-05T05:05:05.123456Z');
    await record(
      Array.from({ length: 23 }, (_, index) => ({
        userId: learner.userId,
        actorId: admin.userId,
        action: `user.step_${String(index).padStart(2, '0')}`,
        createdAt: index % 3 === 0 ? sameInstant : new Date(Date.UTC(2026, 4, 1, 0, index)),
      })),
    );
    const whole = await page(`target=${learner.userId}&limit=100`);
    expect(whole.events).toHaveLength(23);
    expect(whole.next_cursor).toBeNull();
    const times = whole.events.map((event) => Date.parse(event.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const { seen, pages } = await allPages(`target=${learner.userId}`, 5);
    expect(pages).toBe(5);
    expect(seen.map((event) => event.id)).toEqual(whole.events.map((event) => event.id));
  });

  it('shows who acted and whose data it was even after an account is gone, by id only', async () => {
    const leaving = await signUpAndConfirm(app);
    await record([{ userId: leaving.userId, actorId: admin.userId, action: 'user.delete' }]);
    await database.db.delete(users).where(eq(users.id, leaving.userId));

    const [event] = (await page(`target=${leaving.userId}`)).events;
    expect(event).toMatchObject({
      action: 'user.delete',
      actor: { id: admin.userId, email: admin.email },
      target: { id: leaving.userId, name: null, email: null },
    });
  });

  it('refuses bad filters and page links with 400 and leaves the trail as it was', async () => {
    const before = await page('limit=100');
    for (const query of [
      'cursor=not-a-cursor',
      'cursor=2026-01-01T00:00:00.000000Z_nope',
      'from=2026-13-01',
      'from=2026-02-30x',
      'from=2026-03-05&to=2026-03-01',
      'action=%3Cscript%3E',
      'limit=0',
      'limit=101',
      `actor=${'a'.repeat(201)}`,
    ]) {
      const response = await audit(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBeTruthy();
    }
    expect((await page('limit=100')).events).toEqual(before.events);
  });

  it('is for admins only', async () => {
    const learner = await signUpAndConfirm(app);
    expect((await app.inject({ method: 'GET', url: '/api/admin/audit', headers: asUser(learner) })).statusCode).toBe(
      403,
    );
    expect((await app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  });
});
