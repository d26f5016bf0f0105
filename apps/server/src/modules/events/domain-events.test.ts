import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { signUpAndConfirm } from '../../testing/factories.ts';
import { startSiblingApp, startTestApp, testTargets } from '../../testing/test-app.ts';
import type { DomainEvent } from './domain-event.types.ts';
import { domainEvents } from './domain-events.table.ts';

describe.each(testTargets())('domain events on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let userId: string;

  beforeAll(async () => {
    const started = await startTestApp(target);
    ({ app, database, close } = started);
    ({ userId } = await signUpAndConfirm(app));
  });
  afterAll(async () => {
    await close();
  });

  const noteCreated = (noteId: string) =>
    ({ type: 'note.created', userId, subjectId: noteId, payload: { noteId } }) as const;

  it('delivers an event once after its transaction commits, and never one whose transaction rolled back', async () => {
    const seen: DomainEvent[] = [];
    app.domainEvents.subscribe('commit-test', async (event) => {
      if (event.type === 'note.created' && event.subjectId.startsWith('commit-')) seen.push(event);
    });
    await database.db.transaction(async (tx) => {
      await app.domainEvents.record(tx, noteCreated('commit-kept'));
    });
    await database.db
      .transaction(async (tx) => {
        await app.domainEvents.record(tx, noteCreated('commit-dropped'));
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    await app.domainEvents.drain();
    await app.domainEvents.drain();
    expect(seen.map((event) => event.subjectId)).toEqual(['commit-kept']);
    expect(seen[0]).toMatchObject({ userId, payload: { noteId: 'commit-kept' } });
  });

  it('retries a failing handler later and delivers the event when it recovers', async () => {
    let failures = 0;
    const delivered: string[] = [];
    app.domainEvents.subscribe('flaky-test', async (event) => {
      if (!event.subjectId.startsWith('flaky-')) return;
      if (failures++ === 0) throw new Error('temporarily unavailable');
      delivered.push(event.subjectId);
    });
    await app.domainEvents.record(database.db, noteCreated('flaky-1'));
    await app.domainEvents.drain();
    const [row] = await database.db.select().from(domainEvents).where(eq(domainEvents.subjectId, 'flaky-1'));
    expect(row?.deliveredAt).toBeNull();
    expect(row?.lastError).toContain('temporarily unavailable');
    // Make the retry due now instead of after the back-off.
    await database.db
      .update(domainEvents)
      .set({ availableAt: new Date(0) })
      .where(eq(domainEvents.subjectId, 'flaky-1'));
    await app.domainEvents.drain();
    expect(delivered).toEqual(['flaky-1']);
  });

  it('refuses an event whose payload does not match its type', async () => {
    await expect(
      app.domainEvents.record(database.db, {
        type: 'course.completed',
        userId,
        subjectId: 'x',
        payload: {} as never,
      }),
    ).rejects.toThrow();
  });

  it('two instances draining together deliver every event exactly once', async () => {
    const sibling = await startSiblingApp(database);
    const counts = new Map<string, number>();
    const count = async (event: DomainEvent) => {
      if (event.subjectId.startsWith('race-')) counts.set(event.subjectId, (counts.get(event.subjectId) ?? 0) + 1);
    };
    app.domainEvents.subscribe('race-a', count);
    sibling.domainEvents.subscribe('race-b', count);
    for (let i = 0; i < 40; i++) await app.domainEvents.record(database.db, noteCreated(`race-${i}`));
    await Promise.all([app.domainEvents.drain(), sibling.domainEvents.drain()]);
    await sibling.close();
    expect(counts.size).toBe(40);
    // Each event went to exactly one instance, whose one matching handler ran once.
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });
});
