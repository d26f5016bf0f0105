import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditEvents } from './audit.table.ts';

export type AuditEventRow = typeof auditEvents.$inferSelect;
export type NewAuditEventRow = typeof auditEvents.$inferInsert;

/** Inserts and reads only: the trail is never changed. */
export function createAuditRepository({ db }: { db: Db }) {
  return {
    async insert(event: NewAuditEventRow) {
      await db.insert(auditEvents).values(event);
    },
    async listForUser(userId: string, { limit }: { limit: number }): Promise<AuditEventRow[]> {
      return db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.userId, userId))
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
        .limit(limit);
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
