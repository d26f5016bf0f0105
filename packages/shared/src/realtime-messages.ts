/**
 * What the realtime channel carries, without a schema library: the browser checks every message it receives with
 * `readServerMessage`, so the pages that open the channel need no validation code of their own. The zod schemas in
 * `realtime.ts` (which the server and the tests use) are built from the same constants and must accept exactly what
 * this accepts (`realtime.test.ts` holds them to it).
 */
import type { ServerMessage } from './realtime.ts';

/** Tables whose per-user changes are pushed to that user. */
export const WATCHED_TABLES = ['user_xp', 'user_badges', 'achievements', 'streaks'] as const;

export const BETA_UPDATE_TYPES = ['success', 'warning', 'feature', 'info'] as const;

/** Why the server ended every session of a user: an admin suspended, signed out or deleted the account. */
export const SESSION_END_REASONS = ['suspended', 'signed_out', 'deleted'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];
/** The close code of a socket whose session the server ended; the tab should not reconnect. */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/** What happened to a live session a user hosts, joined or was invited to. */
export const LIVE_SESSION_CHANGES = [
  'scheduled',
  'updated',
  'cancelled',
  'promoted',
  'reminder_24h',
  'reminder_15m',
] as const;

/** What changed in a live room everyone in it should refetch. */
export const LIVE_ROOM_CHANGES = ['presence', 'hands', 'timer', 'poll', 'host', 'mute'] as const;

/** Normalises a beta update type: anything unknown is info. */
export function betaUpdateKind(type: string): (typeof BETA_UPDATE_TYPES)[number] {
  return (BETA_UPDATE_TYPES as readonly string[]).includes(type)
    ? (type as (typeof BETA_UPDATE_TYPES)[number])
    : 'info';
}

/** A field's check: a kind of value, one of a list of words, or an object of fields. */
type Field = 'string' | 'boolean' | 'integer' | 'strings' | 'optional text' | readonly string[] | Fields;
type Fields = { readonly [name: string]: Field };

const BETA_UPDATE: Fields = { id: 'string', title: 'string', message: 'string', type: 'string', timestamp: 'string' };
const CHAT_MESSAGE: Fields = { id: 'string', user_id: 'string', name: 'string', body: 'string', created_at: 'string' };

/** The fields of each message the server sends, by its `type`. */
export const SERVER_MESSAGE_FIELDS: { readonly [Type in ServerMessage['type']]: Fields } = {
  ready: { userId: 'string', channels: 'strings' },
  table_change: { table: WATCHED_TABLES },
  subscription_change: {},
  beta_update: { payload: BETA_UPDATE },
  beta_access_change: { beta_access: 'boolean' },
  session_ended: { reason: SESSION_END_REASONS },
  live_session_changed: { session_id: 'string', change: LIVE_SESSION_CHANGES, title: 'string', starts_at: 'string' },
  pong: {},
  live_room_changed: { sessionId: 'string', change: LIVE_ROOM_CHANGES },
  live_chat_message: { sessionId: 'string', message: CHAT_MESSAGE },
  live_chat_deleted: { sessionId: 'string', messageId: 'string' },
  live_signal: {
    sessionId: 'string',
    from: 'string',
    fromTab: 'optional text',
    toTab: 'optional text',
    signalId: 'string',
    part: 'integer',
    parts: 'integer',
    chunk: 'string',
  },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function fits(value: unknown, field: Field): boolean {
  if (field === 'string') return typeof value === 'string';
  if (field === 'boolean') return typeof value === 'boolean';
  if (field === 'integer') return Number.isSafeInteger(value);
  if (field === 'strings') return Array.isArray(value) && value.every((item) => typeof item === 'string');
  if (field === 'optional text') return value === undefined || value === null || typeof value === 'string';
  if (Array.isArray(field)) return typeof value === 'string' && field.includes(value);
  return isRecord(value) && fitsAll(value, field as Fields);
}

function fitsAll(value: Record<string, unknown>, fields: Fields): boolean {
  return Object.entries(fields).every(([name, field]) => fits(value[name], field));
}

/** The message when it is one the server sends, with every field it needs; otherwise null. */
export function readServerMessage(data: unknown): ServerMessage | null {
  if (!isRecord(data) || typeof data.type !== 'string' || !Object.hasOwn(SERVER_MESSAGE_FIELDS, data.type)) return null;
  const fields = SERVER_MESSAGE_FIELDS[data.type as ServerMessage['type']];
  return fitsAll(data, fields) ? (data as ServerMessage) : null;
}
