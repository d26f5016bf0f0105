import type { ContactStatus } from '@portal/shared/contact';
import { and, asc, desc, eq, gt, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, userRoles, users } from '../../db/schema.ts';
import { contactMessages, contactReplies } from './contact.table.ts';

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type NewContactMessage = typeof contactMessages.$inferInsert;

/** How many messages one key may send within the window. */
export type SendingLimit = { column: 'email' | 'senderAddressHash'; max: number };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Seconds until the key may send again, or 0 when it is under its limit (by the database clock). */
async function secondsUntilFree(
  tx: Tx,
  { column, max }: SendingLimit,
  { value, windowMinutes }: { value: string; windowMinutes: number },
) {
  const window = sql`make_interval(mins => ${windowMinutes})`;
  const [row] = await tx
    .select({
      seconds: sql<number>`ceil(extract(epoch from (${contactMessages.createdAt} + ${window} - now())))::int`,
    })
    .from(contactMessages)
    .where(and(eq(contactMessages[column], value), gt(contactMessages.createdAt, sql`now() - ${window}`)))
    .orderBy(desc(contactMessages.createdAt))
    .offset(max - 1)
    .limit(1);
  return row ? Math.max(1, row.seconds) : 0;
}

function createContactMessageWrites(db: Db) {
  return {
    /**
     * Stores the message unless one of its keys has used up its limit; each key is locked for the check, so
     * concurrent messages cannot slip past it together.
     */
    async insertWithinLimits(
      message: NewContactMessage & { email: string; senderAddressHash: string },
      limits: SendingLimit[],
      windowMinutes: number,
    ): Promise<{ stored: ContactMessageRow } | { retryAfterSeconds: number }> {
      return db.transaction(async (tx) => {
        let retryAfterSeconds = 0;
        for (const limit of limits) {
          const value = message[limit.column];
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact:${limit.column}:${value}`}))`);
          retryAfterSeconds = Math.max(retryAfterSeconds, await secondsUntilFree(tx, limit, { value, windowMinutes }));
        }
        if (retryAfterSeconds > 0) return { retryAfterSeconds };
        const [stored] = await tx.insert(contactMessages).values(message).returning();
        if (!stored) throw new Error('Contact message insert returned no row');
        return { stored };
      });
    },

    /** Records a reply and marks the message answered, in one transaction; undefined when the message is gone. */
    async addReply({ messageId, adminId, message }: { messageId: string; adminId: string; message: string }) {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(contactMessages).where(eq(contactMessages.id, messageId)).for('update');
        if (!before) return undefined;
        const [reply] = await tx.insert(contactReplies).values({ messageId, adminId, message }).returning();
        await tx
          .update(contactMessages)
          .set({ status: 'answered', updatedAt: sql`now()` })
          .where(eq(contactMessages.id, messageId));
        if (!reply) throw new Error('Contact reply insert returned no row');
        return { before, reply };
      });
    },

    async setStatus(id: string, status: ContactStatus) {
      const [row] = await db
        .update(contactMessages)
        .set({ status, updatedAt: sql`now()` })
        .where(eq(contactMessages.id, id))
        .returning();
      return row;
    },
  };
}

function createContactInboxReads(db: Db) {
  return {
    /** One page of a status, newest first, after the cursor's message. */
    async page({
      status,
      after,
      limit,
    }: {
      status: ContactStatus;
      after: { createdAt: Date; id: string } | undefined;
      limit: number;
    }) {
      const conditions: SQL[] = [eq(contactMessages.status, status)];
      if (after) {
        const older = or(
          lt(contactMessages.createdAt, after.createdAt),
          and(eq(contactMessages.createdAt, after.createdAt), lt(contactMessages.id, after.id)),
        );
        if (older) conditions.push(older);
      }
      return db
        .select()
        .from(contactMessages)
        .where(and(...conditions))
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(limit);
    },

    async countByStatus(): Promise<Record<ContactStatus, number>> {
      const rows = await db
        .select({ status: contactMessages.status, count: sql<number>`count(*)::int` })
        .from(contactMessages)
        .groupBy(contactMessages.status);
      const counts: Record<ContactStatus, number> = { new: 0, answered: 0, closed: 0 };
      for (const row of rows) counts[row.status] = Number(row.count);
      return counts;
    },

    async find(id: string) {
      const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
      return row;
    },
  };
}

function createContactReplyReads(db: Db) {
  return {
    /** Every admin who can receive mail, with the language their profile asks for. */
    async listAdminRecipients() {
      return db
        .select({ id: users.id, email: users.email, primaryLanguage: profiles.primaryLanguage })
        .from(userRoles)
        .innerJoin(users, eq(users.id, userRoles.userId))
        .leftJoin(profiles, eq(profiles.id, users.id))
        .where(eq(userRoles.role, 'admin'));
    },

    async repliesTo(messageId: string) {
      return db
        .select({
          id: contactReplies.id,
          message: contactReplies.message,
          adminName: users.name,
          createdAt: contactReplies.createdAt,
        })
        .from(contactReplies)
        .leftJoin(users, eq(users.id, contactReplies.adminId))
        .where(eq(contactReplies.messageId, messageId))
        .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id));
    },

    async hasReplies(messageId: string) {
      const [row] = await db
        .select({ id: contactReplies.id })
        .from(contactReplies)
        .where(eq(contactReplies.messageId, messageId))
        .limit(1);
      return Boolean(row);
    },
  };
}

export function createContactRepository({ db }: { db: Db }) {
  return { ...createContactMessageWrites(db), ...createContactInboxReads(db), ...createContactReplyReads(db) };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
