import type { AuditEvent } from '@portal/shared/audit';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { signUpAndConfirm } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { users } from '../auth/auth.table.ts';
import { userConsent } from '../consent/consent.table.ts';
import { createAuditRepository } from './audit.repository.ts';
import { changedValues, createAuditService } from './audit.service.ts';
import { auditEvents } from './audit.table.ts';

describe.each(testTargets())('the audit trail on $name', (target) => {
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

  const myEvents = async (cookie: string, url = '/api/audit/mine') =>
    (await app.inject({ method: 'GET', url, headers: { cookie } })).json<{ events: AuditEvent[] }>().events;
  const eventsOf = (userId: string) => database.db.select().from(auditEvents).where(eq(auditEvents.userId, userId));

  it('a profile change is recorded with the old and new values of the fields that changed', async () => {
    const { cookie, userId } = await signUpAndConfirm(app, { name: 'Olga Old' });

    const response = await app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie },
      payload: { display_name: 'Olly', text_size: 4, timezone: 'UTC' },
    });
    expect(response.statusCode).toBe(200);

    const [event, ...others] = await myEvents(cookie);
    expect(others).toEqual([]);
    expect(event).toMatchObject({
      action: 'profile.update',
      table_name: 'profiles',
      record_id: userId,
      old_values: { display_name: 'Olga', text_size: 3 },
      new_values: { display_name: 'Olly', text_size: 4 },
      legal_basis: 'contract',
      ip_address: '127.0.0.1',
    });
  });

  it('saving a profile without any change records nothing', async () => {
    const { cookie } = await signUpAndConfirm(app);

    await app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie }, payload: { text_size: 3 } });

    expect(await myEvents(cookie)).toEqual([]);
  });

  it('consent choices and withdrawals are recorded with old and new values', async () => {
    const { cookie } = await signUpAndConfirm(app);
    const save = (analytics: boolean) =>
      app.inject({
        method: 'POST',
        url: '/api/consent',
        headers: { cookie },
        payload: { analytics, marketing: false, functional: false },
      });

    await save(false);
    await save(true);
    await app.inject({
      method: 'POST',
      url: '/api/consent/withdraw',
      headers: { cookie },
      payload: { consent_type: 'analytics' },
    });

    const events = await myEvents(cookie);
    expect(events.map((event) => event.action)).toEqual([
      'consent.withdraw',
      ...Array(4).fill('consent.update'),
      ...Array(4).fill('consent.update'),
    ]);
    expect(events.every((event) => event.table_name === 'user_consent')).toBe(true);

    const [withdrawal] = events;
    expect(withdrawal).toMatchObject({
      old_values: { consent_type: 'analytics', is_granted: true, withdrawn_at: null },
      new_values: { consent_type: 'analytics', is_granted: false },
      legal_basis: 'legal_obligation',
    });
    expect(withdrawal?.new_values?.withdrawn_at).toEqual(expect.any(String));

    const secondAnalytics = events
      .slice(1, 5)
      .find((event) => event.new_values?.consent_type === 'analytics') as AuditEvent;
    expect(secondAnalytics.old_values).toMatchObject({ consent_type: 'analytics', is_granted: false });
    expect(secondAnalytics.new_values).toMatchObject({
      consent_type: 'analytics',
      is_granted: true,
      withdrawn_at: null,
    });
    const firstAnalytics = events
      .slice(5)
      .find((event) => event.new_values?.consent_type === 'analytics') as AuditEvent;
    expect(firstAnalytics.old_values).toBeNull();
  });

  it('the database refuses to change, delete or empty audit events', async () => {
    const { cookie, userId } = await signUpAndConfirm(app);
    await app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie }, payload: { bio: 'kept forever' } });
    const before = await eventsOf(userId);
    expect(before).toHaveLength(1);

    await expect(
      database.db.update(auditEvents).set({ action: 'tampered' }).where(eq(auditEvents.userId, userId)),
    ).rejects.toThrow();
    await expect(database.db.delete(auditEvents).where(eq(auditEvents.userId, userId))).rejects.toThrow();
    await expect(database.db.execute(sql`truncate audit_events`)).rejects.toThrow();

    expect(await eventsOf(userId)).toEqual(before);
  });

  it('deleting a user keeps their audit events and removes their consent rows', async () => {
    const { cookie, userId } = await signUpAndConfirm(app);
    await app.inject({
      method: 'POST',
      url: '/api/consent',
      headers: { cookie },
      payload: { analytics: true, marketing: false, functional: false },
    });
    await app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie }, payload: { bio: 'bye' } });
    expect(await eventsOf(userId)).toHaveLength(5);

    await database.db.delete(users).where(eq(users.id, userId));

    expect(await eventsOf(userId)).toHaveLength(5);
    expect(await database.db.select().from(userConsent).where(eq(userConsent.userId, userId))).toEqual([]);
  });

  it('a user only ever lists their own events, whatever id they pass', async () => {
    const alice = await signUpAndConfirm(app);
    const bob = await signUpAndConfirm(app);
    await app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie: alice.cookie },
      payload: { bio: 'A' },
    });

    for (const query of ['', `?user_id=${alice.userId}`, `?userId=${alice.userId}`]) {
      expect(await myEvents(bob.cookie, `/api/audit/mine${query}`)).toEqual([]);
    }
    expect(await myEvents(alice.cookie)).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: '/api/audit/mine' })).statusCode).toBe(401);
  });

  it('no route changes or deletes audit events', async () => {
    const { cookie } = await signUpAndConfirm(app);
    await app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie }, payload: { bio: 'x' } });
    const [event] = await myEvents(cookie);

    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/audit/mine', `/api/audit/${event?.id}`, `/api/audit/mine/${event?.id}`]) {
        const response = await app.inject({ method, url, headers: { cookie }, payload: {} });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    expect(await myEvents(cookie)).toEqual([event]);
  });

  it('a failure to record an event is logged and never reaches the caller', async () => {
    const logged: unknown[] = [];
    const logger = { error: (...args: unknown[]) => void logged.push(args) };
    const auditService = createAuditService({ auditRepository: createAuditRepository({ db: database.db }), logger });

    await expect(
      auditService.recordAuditEvent({ userId: null, action: 'cannot\u0000be stored', tableName: 'profiles' }),
    ).resolves.toBeUndefined();
    expect(logged).toHaveLength(1);
  });
});

describe('changed values', () => {
  it('lists only the fields that changed, with their old and new values', () => {
    expect(
      changedValues({ a: 1, b: { x: true }, c: 'same', d: null }, { a: 2, b: { x: false }, c: 'same', d: 'set' }, [
        'a',
        'b',
        'c',
        'd',
      ]),
    ).toEqual({ oldValues: { a: 1, b: { x: true }, d: null }, newValues: { a: 2, b: { x: false }, d: 'set' } });
  });

  it('is null when nothing changed', () => {
    expect(changedValues({ a: [1, 2] }, { a: [1, 2] })).toBeNull();
  });
});
