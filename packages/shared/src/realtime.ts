import { z } from 'zod';
import { liveRoomServerMessageSchemas, liveSignalClientMessageSchema } from './live-room.ts';
import { LIVE_SESSION_CHANGES, SESSION_END_REASONS, WATCHED_TABLES } from './realtime-messages.ts';

export {
  BETA_UPDATE_TYPES,
  betaUpdateKind,
  LIVE_SESSION_CHANGES,
  SESSION_END_REASONS,
  SESSION_ENDED_CLOSE_CODE,
  type SessionEndReason,
  WATCHED_TABLES,
} from './realtime-messages.ts';

export const betaUpdateSchema = z.object({
  /** The stored update, so the tab can confirm it was shown and mark it read. */
  id: z.string(),
  title: z.string(),
  message: z.string(),
  type: z.string(),
  timestamp: z.string(),
});
export type BetaUpdate = z.infer<typeof betaUpdateSchema>;

export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), userId: z.string(), channels: z.array(z.string()) }),
  z.object({ type: z.literal('table_change'), table: z.enum(WATCHED_TABLES) }),
  z.object({ type: z.literal('subscription_change') }),
  z.object({ type: z.literal('beta_update'), payload: betaUpdateSchema }),
  /** An admin granted or revoked this user's beta access. */
  z.object({ type: z.literal('beta_access_change'), beta_access: z.boolean() }),
  /** Every session of this user ended: the tab signs out; the socket closes right after (SESSION_ENDED_CLOSE_CODE). */
  z.object({ type: z.literal('session_ended'), reason: z.enum(SESSION_END_REASONS) }),
  /** A live session this user hosts, joined or was invited to changed, was cancelled, is about to start, or they left the waitlist. */
  z.object({
    type: z.literal('live_session_changed'),
    session_id: z.string(),
    change: z.enum(LIVE_SESSION_CHANGES),
    title: z.string(),
    starts_at: z.string(),
  }),
  z.object({ type: z.literal('pong') }),
  ...liveRoomServerMessageSchemas,
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  liveSignalClientMessageSchema,
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
