import { and, asc, count, desc, eq, gte, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { liveChatMessages, livePolls, livePollVotes, liveRoomParticipants } from './live-room.table.ts';

const messageColumns = {
  id: liveChatMessages.id,
  userId: liveChatMessages.userId,
  name: users.name,
  body: liveChatMessages.body,
  createdAt: liveChatMessages.createdAt,
};
export type ChatMessageRow = { id: string; userId: string; name: string; body: string; createdAt: Date };

type NewMessage = {
  sessionId: string;
  userId: string;
  body: string;
  now: Date;
  rate: { messages: number; windowSeconds: number };
};

type NewPoll = { sessionId: string; createdBy: string; question: string; options: string[]; now: Date };

/** Whether the sender is muted, with their room row locked until the transaction ends. */
async function lockedMute(tx: Db, sessionId: string, userId: string) {
  const [participant] = await tx
    .select({ muted: liveRoomParticipants.muted })
    .from(liveRoomParticipants)
    .where(and(eq(liveRoomParticipants.sessionId, sessionId), eq(liveRoomParticipants.userId, userId)))
    .for('update');
  return participant?.muted ?? false;
}

async function sentSince(tx: Db, sessionId: string, userId: string, since: Date) {
  const [recent] = await tx
    .select({ total: count() })
    .from(liveChatMessages)
    .where(
      and(
        eq(liveChatMessages.userId, userId),
        eq(liveChatMessages.sessionId, sessionId),
        gte(liveChatMessages.createdAt, since),
      ),
    );
  return recent?.total ?? 0;
}

/** Messages older than `before` (a message id of the room); null when there is no such message. */
async function olderThan(db: Db, sessionId: string, before: string): Promise<SQL | undefined | null> {
  const [anchor] = await db
    .select({ createdAt: liveChatMessages.createdAt })
    .from(liveChatMessages)
    .where(and(eq(liveChatMessages.sessionId, sessionId), eq(liveChatMessages.id, before)));
  if (!anchor) return null;
  return or(
    lt(liveChatMessages.createdAt, anchor.createdAt),
    and(eq(liveChatMessages.createdAt, anchor.createdAt), lt(liveChatMessages.id, before)),
  );
}

function createChatMessageWrites(db: Db) {
  return {
    /**
     * Stores a message with the sender's room row locked, so the mute and the flood count hold when one sender
     * posts from several tabs or instances at once. Answers why it was refused, or the stored message.
     */
    async insertMessage({
      sessionId,
      userId,
      body,
      now,
      rate,
    }: NewMessage): Promise<{ refused: 'muted' | 'rate_limited' } | { message: ChatMessageRow }> {
      return db.transaction(async (tx) => {
        if (await lockedMute(tx, sessionId, userId)) return { refused: 'muted' as const };
        const since = new Date(now.getTime() - rate.windowSeconds * 1000);
        if ((await sentSince(tx, sessionId, userId, since)) >= rate.messages)
          return { refused: 'rate_limited' as const };
        const [stored] = await tx
          .insert(liveChatMessages)
          .values({ sessionId, userId, body, createdAt: now })
          .returning({ id: liveChatMessages.id });
        const [sender] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
        if (!stored) throw new Error('chat message not stored');
        return { message: { id: stored.id, userId, name: sender?.name ?? '', body, createdAt: now } };
      });
    },

    /** Hides a message for everyone; false when it is not a visible message of this room. */
    async deleteMessage(sessionId: string, messageId: string, deletedBy: string, now: Date) {
      const deleted = await db
        .update(liveChatMessages)
        .set({ deletedAt: now, deletedBy })
        .where(
          and(
            eq(liveChatMessages.sessionId, sessionId),
            eq(liveChatMessages.id, messageId),
            isNull(liveChatMessages.deletedAt),
          ),
        )
        .returning({ id: liveChatMessages.id });
      return deleted.length > 0;
    },
  };
}

function createChatMessageReads(db: Db) {
  return {
    /** A page of visible messages, newest first; `before` is a message id of the same room. */
    async listMessages(sessionId: string, { before, limit }: { before?: string; limit: number }) {
      const visible = and(eq(liveChatMessages.sessionId, sessionId), isNull(liveChatMessages.deletedAt));
      const older = before ? await olderThan(db, sessionId, before) : undefined;
      if (older === null) return null;
      return db
        .select(messageColumns)
        .from(liveChatMessages)
        .innerJoin(users, eq(users.id, liveChatMessages.userId))
        .where(and(visible, older))
        .orderBy(desc(liveChatMessages.createdAt), desc(liveChatMessages.id))
        .limit(limit);
    },
  };
}

function createPollReads(db: Db) {
  return {
    async latestPoll(sessionId: string) {
      const [poll] = await db
        .select()
        .from(livePolls)
        .where(eq(livePolls.sessionId, sessionId))
        .orderBy(desc(livePolls.createdAt))
        .limit(1);
      return poll ?? null;
    },

    async pollVotes(pollId: string) {
      return db
        .select({
          option: livePollVotes.option,
          votes: count(),
          userIds: sql<string[]>`array_agg(${livePollVotes.userId})`,
        })
        .from(livePollVotes)
        .where(eq(livePollVotes.pollId, pollId))
        .groupBy(livePollVotes.option)
        .orderBy(asc(livePollVotes.option));
    },
  };
}

function createPollWrites(db: Db) {
  return {
    /** Closes the room's open poll and opens a new one. */
    async createPoll({ sessionId, createdBy, question, options, now }: NewPoll) {
      return db.transaction(async (tx) => {
        await tx
          .update(livePolls)
          .set({ status: 'closed', closedAt: now })
          .where(and(eq(livePolls.sessionId, sessionId), eq(livePolls.status, 'open')));
        const [poll] = await tx
          .insert(livePolls)
          .values({ sessionId, createdBy, question, options, createdAt: now })
          .returning();
        return poll;
      });
    },

    async closePoll(pollId: string, now: Date) {
      const closed = await db
        .update(livePolls)
        .set({ status: 'closed', closedAt: now })
        .where(and(eq(livePolls.id, pollId), eq(livePolls.status, 'open')))
        .returning({ id: livePolls.id });
      return closed.length > 0;
    },

    /** One vote per person: voting again replaces the earlier choice. */
    async vote(pollId: string, userId: string, option: number, now: Date) {
      await db
        .insert(livePollVotes)
        .values({ pollId, userId, option, createdAt: now })
        .onConflictDoUpdate({ target: [livePollVotes.pollId, livePollVotes.userId], set: { option, createdAt: now } });
    },
  };
}

/** Chat and polls of live rooms. */
export function createLiveRoomChatRepository({ db }: { db: Db }) {
  return {
    ...createChatMessageWrites(db),
    ...createChatMessageReads(db),
    ...createPollReads(db),
    ...createPollWrites(db),
  };
}

export type LiveRoomChatRepository = ReturnType<typeof createLiveRoomChatRepository>;
