import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { DomainEvent, DomainEventInput } from './domain-event.types.ts';
import { domainEvents } from './domain-events.table.ts';

type Row = typeof domainEvents.$inferSelect;

const toEvent = (row: Row): DomainEvent =>
  ({
    id: row.id,
    type: row.type,
    userId: row.userId,
    subjectId: row.subjectId,
    payload: row.payload,
    occurredAt: row.occurredAt,
  }) as DomainEvent;

/** Claims up to `limit` deliverable events for `leaseSeconds`, oldest first; rows claimed elsewhere are skipped. */
async function claimDeliverable(
  db: Db,
  { limit, leaseSeconds }: { limit: number; leaseSeconds: number },
): Promise<{ event: DomainEvent; attempts: number }[]> {
  const rows = await db
    .update(domainEvents)
    .set({
      claimedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      attempts: sql`${domainEvents.attempts} + 1`,
    })
    .where(
      sql`${domainEvents.id} in (
        select ${domainEvents.id} from ${domainEvents}
        where ${domainEvents.deliveredAt} is null and ${domainEvents.failedAt} is null
          and ${domainEvents.availableAt} <= now()
          and (${domainEvents.claimedUntil} is null or ${domainEvents.claimedUntil} < now())
        order by ${domainEvents.occurredAt}, ${domainEvents.id}
        limit ${limit}
        for update skip locked)`,
    )
    .returning();
  return rows
    .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime())
    .map((row) => ({ event: toEvent(row), attempts: row.attempts }));
}

export function createDomainEventsRepository({ db }: { db: Db }) {
  return {
    async insert(executor: Db, event: DomainEventInput): Promise<void> {
      await executor.insert(domainEvents).values({
        type: event.type,
        userId: event.userId,
        subjectId: event.subjectId,
        payload: event.payload,
      });
    },

    /** Claims up to `limit` deliverable events for `leaseSeconds`; rows claimed by another instance are skipped. */
    claim: (lease: { limit: number; leaseSeconds: number }) => claimDeliverable(db, lease),

    async markDelivered(id: string): Promise<void> {
      await db
        .update(domainEvents)
        .set({ deliveredAt: sql`now()`, claimedUntil: null, lastError: null })
        .where(eq(domainEvents.id, id));
    },

    /** Puts the event back for a later try, or gives up on it after `maxAttempts`. */
    async markFailed(
      id: string,
      { error, retryInSeconds, maxAttempts }: { error: string; retryInSeconds: number; maxAttempts: number },
    ) {
      await db
        .update(domainEvents)
        .set({
          claimedUntil: null,
          lastError: error.slice(0, 2000),
          availableAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
          failedAt: sql`case when ${domainEvents.attempts} >= ${maxAttempts} then now() else null end`,
        })
        .where(eq(domainEvents.id, id));
    },

    async countDeliverable(): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(domainEvents)
        .where(
          sql`${domainEvents.deliveredAt} is null and ${domainEvents.failedAt} is null and ${domainEvents.availableAt} <= now()`,
        );
      return row?.count ?? 0;
    },
  };
}
export type DomainEventsRepository = ReturnType<typeof createDomainEventsRepository>;
