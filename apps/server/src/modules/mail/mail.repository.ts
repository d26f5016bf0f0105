import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from './mail.table.ts';

export type OutboxMessage = typeof mailOutbox.$inferInsert;

export function createMailRepository({ db }: { db: Db }) {
  return {
    async insert(message: OutboxMessage) {
      const [row] = await db.insert(mailOutbox).values(message).returning();
      if (!row) throw new Error('Outbox insert returned no row');
      return row;
    },
    async markSent(id: string) {
      await db.update(mailOutbox).set({ sentAt: new Date(), error: null }).where(eq(mailOutbox.id, id));
    },
    async markFailed(id: string, error: string) {
      await db.update(mailOutbox).set({ error }).where(eq(mailOutbox.id, id));
    },
    async listLatest(limit: number) {
      return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
    },
  };
}
export type MailRepository = ReturnType<typeof createMailRepository>;
