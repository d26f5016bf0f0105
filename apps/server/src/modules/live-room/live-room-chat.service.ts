import { randomUUID } from 'node:crypto';
import {
  type CreateLivePollBody,
  LIVE_CHAT_RATE,
  LIVE_SIGNAL_PART_LENGTH,
  LIVE_SIGNAL_RATE,
  type LiveChatMessage,
  type LiveChatPage,
  type LiveSignalData,
} from '@portal/shared/live-room';
import { badPollOption, chatMuted, chatRateLimited, messageNotFound, pollConflict } from './live-room.errors.ts';
import type { Publish, RoomAccess, RoomViewer } from './live-room-access.ts';
import type { ChatMessageRow, LiveRoomChatRepository } from './live-room-chat.repository.ts';

const presentMessage = (row: ChatMessageRow): LiveChatMessage => ({
  id: row.id,
  user_id: row.userId,
  name: row.name,
  body: row.body,
  created_at: row.createdAt.toISOString(),
});

/** Cuts a signal's JSON into parts that each fit one PostgreSQL NOTIFY (8000 bytes) with room to spare. */
export function signalParts(data: LiveSignalData): string[] {
  const text = JSON.stringify(data);
  const parts: string[] = [];
  for (let start = 0; start < text.length; start += LIVE_SIGNAL_PART_LENGTH) {
    parts.push(text.slice(start, start + LIVE_SIGNAL_PART_LENGTH));
  }
  return parts;
}

type ChatDeps = { chatRepository: LiveRoomChatRepository; access: RoomAccess; now: () => Date };
type SignalMessage = {
  sessionId: string;
  to: string;
  data: LiveSignalData;
  from_tab?: string | null;
  to_tab?: string | null;
};

/**
 * A per-sender signal count over a sliding window: false once the sender floods. Past `sweepAbove` senders the
 * windows that ended are dropped; a sender still within a flooded window stays refused.
 */
export function createSignalRateLimit(sweepAbove = 10_000) {
  // Signals arrive on this instance's sockets, so counting them here bounds each sender's flood.
  const signalWindows = new Map<string, { startedAt: number; count: number }>();
  const windowMs = LIVE_SIGNAL_RATE.windowSeconds * 1000;
  return (userId: string) => {
    const at = Date.now();
    const window = signalWindows.get(userId);
    if (!window || at - window.startedAt > windowMs) {
      if (signalWindows.size > sweepAbove) {
        for (const [sender, open] of signalWindows) if (at - open.startedAt > windowMs) signalWindows.delete(sender);
      }
      signalWindows.set(userId, { startedAt: at, count: 1 });
      return true;
    }
    window.count += 1;
    return window.count <= LIVE_SIGNAL_RATE.signals;
  };
}

function createChatMessages({ chatRepository, access, now }: ChatDeps) {
  return {
    async history(
      viewer: RoomViewer,
      sessionId: string,
      query: { before?: string; limit: number },
    ): Promise<LiveChatPage> {
      await access.open(viewer, sessionId);
      const rows = await chatRepository.listMessages(sessionId, query);
      if (!rows) throw messageNotFound();
      const oldest = rows.at(-1);
      return {
        messages: rows.reverse().map(presentMessage),
        next_before: rows.length === query.limit && oldest ? oldest.id : null,
      };
    },

    async send(viewer: RoomViewer, sessionId: string, body: string) {
      await access.presentIn(viewer, sessionId);
      const result = await chatRepository.insertMessage({
        sessionId,
        userId: viewer.id,
        body,
        now: now(),
        rate: LIVE_CHAT_RATE,
      });
      if ('refused' in result) throw result.refused === 'muted' ? chatMuted() : chatRateLimited();
      const message = presentMessage(result.message);
      await access.broadcast(sessionId, { type: 'live_chat_message', sessionId, message });
      return message;
    },

    async remove(viewer: RoomViewer, sessionId: string, messageId: string) {
      await access.moderated(viewer, sessionId);
      if (!(await chatRepository.deleteMessage(sessionId, messageId, viewer.id, now()))) throw messageNotFound();
      await access.broadcast(sessionId, { type: 'live_chat_deleted', sessionId, messageId });
    },
  };
}

function createRoomPolls({ chatRepository, access, now }: ChatDeps) {
  const pollChanged = (sessionId: string) =>
    access.broadcast(sessionId, { type: 'live_room_changed', sessionId, change: 'poll' });

  return {
    async createPoll(viewer: RoomViewer, sessionId: string, body: CreateLivePollBody) {
      await access.moderated(viewer, sessionId);
      await chatRepository.createPoll({ sessionId, createdBy: viewer.id, ...body, now: now() });
      await pollChanged(sessionId);
    },

    async vote(viewer: RoomViewer, sessionId: string, option: number) {
      await access.presentIn(viewer, sessionId);
      const poll = await chatRepository.latestPoll(sessionId);
      if (poll?.status !== 'open') throw pollConflict('There is no open poll.');
      if (option >= poll.options.length) throw badPollOption();
      await chatRepository.vote(poll.id, viewer.id, option, now());
      await pollChanged(sessionId);
    },

    async closePoll(viewer: RoomViewer, sessionId: string) {
      await access.moderated(viewer, sessionId);
      const poll = await chatRepository.latestPoll(sessionId);
      if (!poll || !(await chatRepository.closePoll(poll.id, now()))) throw pollConflict('There is no open poll.');
      await pollChanged(sessionId);
    },
  };
}

/** Sends a signal to its receiver in parts, each a message of its own. */
async function publishSignal(
  publish: Publish,
  {
    sessionId,
    from,
    fromTab,
    toTab,
    to,
    data,
  }: {
    sessionId: string;
    from: string;
    fromTab: string | null;
    toTab: string | null;
    to: string;
    data: LiveSignalData;
  },
) {
  const signalId = randomUUID();
  const parts = signalParts(data);
  for (const [part, chunk] of parts.entries()) {
    await publish(to, {
      type: 'live_signal',
      sessionId,
      from,
      fromTab,
      toTab,
      signalId,
      part,
      parts: parts.length,
      chunk,
    });
  }
}

function createSignalForwarding({ access, publish, now }: { access: RoomAccess; publish: Publish; now: () => Date }) {
  const withinSignalRate = createSignalRateLimit();
  return {
    /**
     * Forwards a WebRTC signal when sender and receiver are both in the room now; anything else is dropped, as a
     * socket message has no answer to carry an error.
     */
    async forwardSignal(
      fromUserId: string,
      { sessionId, to, data, from_tab: fromTab = null, to_tab: toTab = null }: SignalMessage,
    ) {
      if (fromUserId === to || !withinSignalRate(fromUserId)) return false;
      const session = await access.sessionOf(sessionId);
      if (!session || access.status(session, now()) !== 'open') return false;
      const present = new Map((await access.present(sessionId)).map((person) => [person.userId, person.callTab]));
      if (!present.has(fromUserId) || !present.has(to)) return false;
      // Only the tabs holding the two calls talk: a second tab of either person stays out of it.
      const holds = (userId: string, tab: string | null) => tab === null || (present.get(userId) ?? tab) === tab;
      if (!holds(fromUserId, fromTab) || !holds(to, toTab)) return false;
      await publishSignal(publish, { sessionId, from: fromUserId, fromTab, toTab, to, data });
      return true;
    },
  };
}

/** Chat with moderation, the shared poll, and WebRTC signalling between people in the room. */
export function createLiveRoomChatService({
  chatRepository,
  access,
  publish,
  now,
}: {
  chatRepository: LiveRoomChatRepository;
  access: RoomAccess;
  publish: Publish;
  now: () => Date;
}) {
  return {
    ...createChatMessages({ chatRepository, access, now }),
    ...createRoomPolls({ chatRepository, access, now }),
    ...createSignalForwarding({ access, publish, now }),
  };
}

export type LiveRoomChatService = ReturnType<typeof createLiveRoomChatService>;
