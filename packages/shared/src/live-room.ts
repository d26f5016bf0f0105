import { z } from 'zod';
import { oneLineTextSchema } from './input.ts';
import { LIVE_ROOM_CHANGES } from './realtime-messages.ts';

/** The room opens this long before the start and stays open this long after the end. */
export const LIVE_ROOM_OPENS_BEFORE_MINUTES = 10;
export const LIVE_ROOM_CLOSES_AFTER_MINUTES = 30;
/** A participant whose tab sent no heartbeat for this long is no longer present. */
export const LIVE_ROOM_HEARTBEAT_SECONDS = 15;
export const LIVE_ROOM_STALE_SECONDS = 45;
/** In-browser calls are a mesh: beyond this many people a room uses an SFU through the meeting URL. */
export const LIVE_ROOM_MEDIA_LIMIT = 6;
export const LIVE_CHAT_MAX_LENGTH = 1000;
/** Chat flood guard: at most this many messages per window per participant. */
export const LIVE_CHAT_RATE = { messages: 5, windowSeconds: 5 } as const;
export const LIVE_CHAT_PAGE_SIZE = 50;
export const LIVE_POLL_OPTIONS = { min: 2, max: 6 } as const;
export const LIVE_TIMER_MAX_SECONDS = 4 * 60 * 60;
/** Signalling text (SDP) is forwarded in parts small enough for one PostgreSQL NOTIFY each. */
export const LIVE_SIGNAL_PART_LENGTH = 3000;
/** A call of six needs a few dozen signals a second at most while connecting; more is a flood and is dropped. */
export const LIVE_SIGNAL_RATE = { signals: 100, windowSeconds: 10 } as const;

const plainText = (max: number) => oneLineTextSchema(max).min(1, 'Enter some text');

export const liveRoomParamsSchema = z.object({ sessionId: z.uuid() });
export const liveRoomMessageParamsSchema = z.object({ sessionId: z.uuid(), messageId: z.uuid() });
export const liveRoomUserParamsSchema = z.object({ sessionId: z.uuid(), userId: z.string().min(1).max(200) });

export const liveRoomLobbySchema = z.object({
  id: z.string(),
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  opens_at: z.string(),
  closes_at: z.string(),
  status: z.enum(['open', 'not_open_yet', 'closed', 'cancelled']),
});
export type LiveRoomLobby = z.infer<typeof liveRoomLobbySchema>;

export const liveParticipantSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  is_host: z.boolean(),
  muted: z.boolean(),
  hand_raised_at: z.string().nullable(),
  /** Whether this participant may take part in the in-browser call (the first six present). */
  media: z.boolean(),
  /** The browser tab holding this person's call (someone with the room open in two tabs is in the call once). */
  call_tab: z.string().nullable(),
});
export type LiveParticipant = z.infer<typeof liveParticipantSchema>;

export const liveTimerSchema = z.object({
  status: z.enum(['idle', 'running', 'paused']),
  duration_seconds: z.number().int().nullable(),
  /** When a running timer reaches zero (server time); clients count down to it. */
  ends_at: z.string().nullable(),
  /** What is left of a paused timer. */
  remaining_ms: z.number().int().nullable(),
});
export type LiveTimer = z.infer<typeof liveTimerSchema>;

export const livePollSchema = z.object({
  id: z.string(),
  question: z.string(),
  options: z.array(z.object({ text: z.string(), votes: z.number().int() })),
  status: z.enum(['open', 'closed']),
  my_vote: z.number().int().nullable(),
  total_votes: z.number().int(),
});
export type LivePoll = z.infer<typeof livePollSchema>;

/** A STUN or TURN server the in-browser call may use to reach peers behind NAT (RTCIceServer). */
export const iceServerSchema = z
  .object({
    urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
    username: z.string().optional(),
    credential: z.string().optional(),
  })
  .strict();
export type IceServer = z.infer<typeof iceServerSchema>;

export const liveRoomStateSchema = z.object({
  session: z.object({
    id: z.string(),
    title: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    closes_at: z.string(),
    meeting_url: z.string().nullable(),
  }),
  me: z.object({
    user_id: z.string(),
    is_host: z.boolean(),
    /** The current host and admins moderate. */
    can_moderate: z.boolean(),
    /** The session's owner, admins and instructors see attendance. */
    can_see_attendance: z.boolean(),
    /** The session's owner after handing the host role over: may take it back. */
    can_reclaim_host: z.boolean(),
    muted: z.boolean(),
    media: z.boolean(),
    /** My tab holding the call; another of my tabs shows that the call goes on elsewhere. */
    call_tab: z.string().nullable(),
  }),
  host_id: z.string(),
  /** The host by name, in the room or not (a host who handed the role over and left included); null once erased. */
  host_name: z.string().nullable(),
  participants: z.array(liveParticipantSchema),
  /** Raised hands, first raised first. */
  hands: z.array(z.object({ user_id: z.string(), name: z.string(), raised_at: z.string() })),
  timer: liveTimerSchema,
  poll: livePollSchema.nullable(),
  media_mode: z.enum(['external', 'mesh']),
  /** The STUN/TURN servers this portal offers the call (LIVE_ICE_SERVERS); empty: direct connections only. */
  ice_servers: z.array(iceServerSchema),
  server_now: z.string(),
});
export type LiveRoomState = z.infer<typeof liveRoomStateSchema>;

export const liveChatMessageSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type LiveChatMessage = z.infer<typeof liveChatMessageSchema>;

export const liveChatPageQuerySchema = z.object({
  /** Messages older than this message id (the page before). */
  before: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(LIVE_CHAT_PAGE_SIZE),
});
export const liveChatPageSchema = z.object({
  /** Oldest first. */
  messages: z.array(liveChatMessageSchema),
  /** Pass as `before` for older messages; null when there are none. */
  next_before: z.string().nullable(),
});
export type LiveChatPage = z.infer<typeof liveChatPageSchema>;

export const sendLiveChatBodySchema = z.object({ body: plainText(LIVE_CHAT_MAX_LENGTH) });
export const muteLiveParticipantBodySchema = z.object({ muted: z.boolean() });
export const liveHandBodySchema = z.object({ raised: z.boolean() });

export const liveTimerBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('start'), duration_seconds: z.number().int().min(1).max(LIVE_TIMER_MAX_SECONDS) }),
  z.object({ action: z.literal('pause') }),
  z.object({ action: z.literal('resume') }),
  z.object({ action: z.literal('reset') }),
]);
export type LiveTimerBody = z.infer<typeof liveTimerBodySchema>;

export const createLivePollBodySchema = z.object({
  question: plainText(300),
  options: z.array(plainText(120)).min(LIVE_POLL_OPTIONS.min).max(LIVE_POLL_OPTIONS.max),
});
export type CreateLivePollBody = z.infer<typeof createLivePollBodySchema>;
export const voteLivePollBodySchema = z.object({
  option: z
    .number()
    .int()
    .min(0)
    .max(LIVE_POLL_OPTIONS.max - 1),
});
export const handOverLiveHostBodySchema = z.object({ user_id: z.string().min(1).max(200) });

export const liveAttendeeSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  first_joined_at: z.string(),
  last_left_at: z.string().nullable(),
  total_minutes: z.number().int(),
  visits: z.number().int(),
});
export const liveAttendanceSchema = z.object({ attendees: z.array(liveAttendeeSchema) });
export type LiveAttendee = z.infer<typeof liveAttendeeSchema>;

/**
 * The sender's own RTCPeerConnection, random per connection: a signal from a connection other than the one this side
 * negotiated with means theirs was made anew (their page entered the call again), and ours is made anew to match.
 */
const liveSignalConnectionSchema = z.string().min(8).max(64);

/**
 * WebRTC signalling between two present members: a description (offer/answer), an ICE candidate, or a page's greeting
 * as it enters the call (`hello`, with the connection it has with the other person, or a fresh id when it has none):
 * the other side drops a connection it still holds with that person's earlier page and connects anew.
 */
export const liveSignalDataSchema = z.union([
  z.object({ hello: z.literal(true), connection: liveSignalConnectionSchema }),
  z.object({
    description: z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().max(60_000) }),
    connection: liveSignalConnectionSchema.optional(),
  }),
  z.object({
    connection: liveSignalConnectionSchema.optional(),
    candidate: z.object({
      candidate: z.string().max(2000),
      sdpMid: z.string().max(100).nullable().optional(),
      sdpMLineIndex: z.number().int().min(0).max(1000).nullable().optional(),
    }),
  }),
]);
export type LiveSignalData = z.infer<typeof liveSignalDataSchema>;

/** A browser tab's own id: random per page load, so two tabs of one person are told apart. */
export const liveTabSchema = z.string().min(8).max(64);

/** Entering (or the heartbeat): `claim` makes this tab the one holding my call. */
export const enterLiveRoomBodySchema = z
  .object({ tab: liveTabSchema.optional(), claim: z.boolean().optional() })
  .nullish();
/**
 * Leaving from one tab ends the visit only when that tab holds the call (or no tab is known). `others_open`: another
 * tab of mine is still in the room, so leaving gives up only the call (that tab takes it), and the visit goes on.
 */
export const leaveLiveRoomBodySchema = z
  .object({ tab: liveTabSchema.optional(), others_open: z.boolean().optional() })
  .nullish();

/** A client's signal to another participant of the room, sent over the realtime socket, tab to tab. */
export const liveSignalClientMessageSchema = z.object({
  type: z.literal('live_signal'),
  sessionId: z.uuid(),
  to: z.string().min(1).max(200),
  from_tab: liveTabSchema.optional(),
  to_tab: liveTabSchema.optional(),
  data: liveSignalDataSchema,
});

/** Room changes pushed to everyone present; clients refetch the room state. */
export { LIVE_ROOM_CHANGES };

export const liveRoomServerMessageSchemas = [
  z.object({ type: z.literal('live_room_changed'), sessionId: z.string(), change: z.enum(LIVE_ROOM_CHANGES) }),
  z.object({ type: z.literal('live_chat_message'), sessionId: z.string(), message: liveChatMessageSchema }),
  z.object({ type: z.literal('live_chat_deleted'), sessionId: z.string(), messageId: z.string() }),
  /** One part of a signal (JSON text of LiveSignalData cut into `parts` pieces). */
  z.object({
    type: z.literal('live_signal'),
    sessionId: z.string(),
    from: z.string(),
    fromTab: z.string().nullable().optional(),
    toTab: z.string().nullable().optional(),
    signalId: z.string(),
    part: z.number().int(),
    parts: z.number().int(),
    chunk: z.string(),
  }),
] as const;
