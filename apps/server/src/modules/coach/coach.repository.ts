import type { Citation, Proposal } from '@portal/shared/coach';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coachConversations, coachDailyUsage, coachMessages, type PendingQuiz } from './coach.table.ts';

export type ConversationRow = typeof coachConversations.$inferSelect;
export type MessageRow = typeof coachMessages.$inferSelect;

type NewMessage = {
  userId: string;
  conversationId: string;
  role: 'user' | 'assistant';
  content: string;
  status?: 'complete' | 'stopped';
  citations?: Citation[];
  proposals?: Proposal[];
  quiz?: PendingQuiz | null;
};

function createConversationRows(db: Db) {
  return {
    listConversations: (userId: string) =>
      db
        .select()
        .from(coachConversations)
        .where(eq(coachConversations.userId, userId))
        .orderBy(desc(coachConversations.updatedAt), desc(coachConversations.createdAt)),

    async findConversation(userId: string, conversationId: string): Promise<ConversationRow | null> {
      const [row] = await db
        .select()
        .from(coachConversations)
        .where(and(eq(coachConversations.userId, userId), eq(coachConversations.id, conversationId)));
      return row ?? null;
    },

    async insertConversation(userId: string, title: string): Promise<ConversationRow> {
      const [row] = await db.insert(coachConversations).values({ userId, title }).returning();
      if (!row) throw new Error('conversation insert failed');
      return row;
    },

    async touchConversation(userId: string, conversationId: string, title?: string) {
      await db
        .update(coachConversations)
        .set({ updatedAt: sql`now()`, ...(title ? { title } : {}) })
        .where(and(eq(coachConversations.userId, userId), eq(coachConversations.id, conversationId)));
    },

    async deleteConversation(userId: string, conversationId: string): Promise<boolean> {
      const rows = await db
        .delete(coachConversations)
        .where(and(eq(coachConversations.userId, userId), eq(coachConversations.id, conversationId)))
        .returning({ id: coachConversations.id });
      return rows.length > 0;
    },

    async deleteAllConversations(userId: string) {
      await db.delete(coachConversations).where(eq(coachConversations.userId, userId));
    },
  };
}

function createMessageRows(db: Db) {
  return {
    listMessages: (userId: string, conversationId: string) =>
      db
        .select()
        .from(coachMessages)
        .where(and(eq(coachMessages.userId, userId), eq(coachMessages.conversationId, conversationId)))
        .orderBy(asc(coachMessages.createdAt), desc(coachMessages.role)),

    async findMessage(userId: string, messageId: string): Promise<MessageRow | null> {
      const [row] = await db
        .select()
        .from(coachMessages)
        .where(and(eq(coachMessages.userId, userId), eq(coachMessages.id, messageId)));
      return row ?? null;
    },

    async insertMessage(values: NewMessage): Promise<MessageRow> {
      const [row] = await db.insert(coachMessages).values(values).returning();
      if (!row) throw new Error('message insert failed');
      return row;
    },

    async deleteMessage(userId: string, messageId: string) {
      await db.delete(coachMessages).where(and(eq(coachMessages.userId, userId), eq(coachMessages.id, messageId)));
    },

    /** Replaces the proposals only if they are still `expected`, so two confirms cannot both go through. */
    async swapProposals(
      userId: string,
      messageId: string,
      expected: Proposal[],
      proposals: Proposal[],
    ): Promise<MessageRow | null> {
      const [row] = await db
        .update(coachMessages)
        .set({ proposals })
        .where(
          and(
            eq(coachMessages.userId, userId),
            eq(coachMessages.id, messageId),
            sql`${coachMessages.proposals} = ${JSON.stringify(expected)}::jsonb`,
          ),
        )
        .returning();
      return row ?? null;
    },
  };
}

/** The number of messages each learner sent each day. */
function createUsageRows(db: Db) {
  return {
    async usedOn(userId: string, day: string): Promise<number> {
      const [row] = await db
        .select({ messages: coachDailyUsage.messages })
        .from(coachDailyUsage)
        .where(and(eq(coachDailyUsage.userId, userId), eq(coachDailyUsage.day, day)));
      return row?.messages ?? 0;
    },

    /** Counts one message unless the day already holds `limit` (null: no limit); false when refused. */
    async reserve(userId: string, day: string, limit: number | null): Promise<boolean> {
      const rows = await db
        .insert(coachDailyUsage)
        .values({ userId, day, messages: 1 })
        .onConflictDoUpdate({
          target: [coachDailyUsage.userId, coachDailyUsage.day],
          set: { messages: sql`${coachDailyUsage.messages} + 1` },
          ...(limit === null ? {} : { setWhere: sql`${coachDailyUsage.messages} < ${limit}` }),
        })
        .returning({ messages: coachDailyUsage.messages });
      return rows.length > 0 && (limit === null || (rows[0]?.messages ?? 0) <= limit);
    },

    /** Gives a counted message back (the provider failed). */
    async release(userId: string, day: string) {
      await db
        .update(coachDailyUsage)
        .set({ messages: sql`greatest(${coachDailyUsage.messages} - 1, 0)` })
        .where(and(eq(coachDailyUsage.userId, userId), eq(coachDailyUsage.day, day)));
    },
  };
}

/** Conversations, messages and the daily count; every read and write is scoped by the learner's id. */
export function createCoachRepository({ db }: { db: Db }) {
  return { ...createConversationRows(db), ...createMessageRows(db), ...createUsageRows(db) };
}
export type CoachRepository = ReturnType<typeof createCoachRepository>;
