import {
  type IceServer,
  LIVE_ROOM_MEDIA_LIMIT,
  type LivePoll,
  type LiveRoomState,
  type LiveTimer,
} from '@portal/shared/live-room';
import type { LiveRoomRepository, LiveSessionRow, RoomStateRow } from './live-room.repository.ts';
import { type RoomAccess, type RoomViewer, roomWindow } from './live-room-access.ts';
import type { LiveRoomChatRepository } from './live-room-chat.repository.ts';

type PresentPerson = Awaited<ReturnType<RoomAccess['present']>>[number];

export function presentTimer(row: RoomStateRow | null): LiveTimer {
  return {
    status: row?.timerStatus ?? 'idle',
    duration_seconds: row?.timerDurationSeconds ?? null,
    ends_at: row?.timerEndsAt?.toISOString() ?? null,
    remaining_ms: row?.timerRemainingMs ?? null,
  };
}

async function readPoll(
  chatRepository: LiveRoomChatRepository,
  sessionId: string,
  viewerId: string,
): Promise<LivePoll | null> {
  const poll = await chatRepository.latestPoll(sessionId);
  if (!poll) return null;
  const counts = await chatRepository.pollVotes(poll.id);
  const mine = counts.find((row) => row.userIds.includes(viewerId));
  return {
    id: poll.id,
    question: poll.question,
    options: poll.options.map((text, index) => ({
      text,
      votes: counts.find((row) => row.option === index)?.votes ?? 0,
    })),
    status: poll.status,
    my_vote: mine?.option ?? null,
    total_votes: counts.reduce((sum, row) => sum + row.votes, 0),
  };
}

function presentParticipants(present: PresentPerson[], hostId: string, mesh: boolean) {
  return present.map((person, index) => ({
    user_id: person.userId,
    name: person.name,
    is_host: person.userId === hostId,
    muted: person.muted,
    hand_raised_at: person.handRaisedAt?.toISOString() ?? null,
    media: mesh && index < LIVE_ROOM_MEDIA_LIMIT,
    call_tab: person.callTab,
  }));
}

type Participants = ReturnType<typeof presentParticipants>;

function presentSession(session: LiveSessionRow): LiveRoomState['session'] {
  const { endsAt, closesAt } = roomWindow(session);
  return {
    id: session.id,
    title: session.title,
    starts_at: session.startsAt.toISOString(),
    ends_at: endsAt.toISOString(),
    closes_at: closesAt.toISOString(),
    meeting_url: session.meetingUrl,
  };
}

function presentMe(
  viewer: RoomViewer,
  session: LiveSessionRow,
  hostId: string,
  participants: Participants,
): LiveRoomState['me'] {
  const me = participants.find((person) => person.user_id === viewer.id);
  return {
    user_id: viewer.id,
    is_host: hostId === viewer.id,
    can_moderate: hostId === viewer.id || viewer.role === 'admin',
    can_see_attendance: hostId === viewer.id || session.hostId === viewer.id || viewer.role === 'admin',
    can_reclaim_host: hostId !== viewer.id && session.hostId === viewer.id,
    muted: me?.muted ?? false,
    media: me?.media ?? false,
    call_tab: me?.call_tab ?? null,
  };
}

function raisedHands(participants: Participants): LiveRoomState['hands'] {
  return participants
    .filter((person) => person.hand_raised_at !== null)
    .map((person) => ({ user_id: person.user_id, name: person.name, raised_at: person.hand_raised_at ?? '' }))
    .sort((a, b) => a.raised_at.localeCompare(b.raised_at));
}

type RoomStateDeps = {
  repository: LiveRoomRepository;
  chatRepository: LiveRoomChatRepository;
  access: RoomAccess;
  iceServers: IceServer[];
  now: () => Date;
};

/** The shared room state as one viewer sees it, and the lobby before entering. */
export function createRoomStateReads({ repository, chatRepository, access, iceServers, now }: RoomStateDeps) {
  const state = async (viewer: RoomViewer, sessionId: string): Promise<LiveRoomState> => {
    const session = await access.open(viewer, sessionId);
    const [present, room, poll] = await Promise.all([
      access.present(sessionId),
      repository.roomState(sessionId),
      readPoll(chatRepository, sessionId, viewer.id),
    ]);
    const hostId = room?.hostId ?? session.hostId;
    const mesh = session.meetingUrl === null;
    const participants = presentParticipants(present, hostId, mesh);
    const hostPresent = participants.find((person) => person.user_id === hostId);
    return {
      session: presentSession(session),
      me: presentMe(viewer, session, hostId, participants),
      host_id: hostId,
      host_name: hostPresent?.name ?? (await repository.nameOf(hostId)),
      participants,
      hands: raisedHands(participants),
      timer: presentTimer(room),
      poll,
      media_mode: mesh ? 'mesh' : 'external',
      ice_servers: iceServers,
      server_now: now().toISOString(),
    };
  };

  return {
    /** What the room page shows before entering: when it opens, or why it cannot be entered. */
    async lobby(viewer: RoomViewer, sessionId: string) {
      const session = await access.member(viewer, sessionId);
      const { opensAt, endsAt, closesAt } = roomWindow(session);
      return {
        id: session.id,
        title: session.title,
        starts_at: session.startsAt.toISOString(),
        ends_at: endsAt.toISOString(),
        opens_at: opensAt.toISOString(),
        closes_at: closesAt.toISOString(),
        status: access.status(session, now()),
      };
    },
    state,
  };
}
