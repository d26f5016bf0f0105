import { describe, expect, it } from 'vitest';
import { betaUpdateKind, type ServerMessage, serverMessageSchema } from './realtime.ts';
import { readServerMessage, SERVER_MESSAGE_FIELDS } from './realtime-messages.ts';

describe('beta update kinds', () => {
  it.each(['success', 'warning', 'feature', 'info'])('%s is kept', (type) => {
    expect(betaUpdateKind(type)).toBe(type);
  });

  it.each(['error', '', 'SUCCESS'])('%j is shown as info', (type) => {
    expect(betaUpdateKind(type)).toBe('info');
  });
});

describe('server messages', () => {
  it('only watched tables are announced', () => {
    expect(serverMessageSchema.safeParse({ type: 'table_change', table: 'user_xp' }).success).toBe(true);
    expect(serverMessageSchema.safeParse({ type: 'table_change', table: 'users' }).success).toBe(false);
  });
});

/** One whole message of each type the server sends. */
const examples: ServerMessage[] = [
  { type: 'ready', userId: 'u1', channels: ['user:u1'] },
  { type: 'table_change', table: 'streaks' },
  { type: 'subscription_change' },
  {
    type: 'beta_update',
    payload: { id: 'b1', title: 'New', message: 'Shiny', type: 'feature', timestamp: '2026-11-27T10:00:00.000Z' },
  },
  { type: 'beta_access_change', beta_access: true },
  { type: 'session_ended', reason: 'suspended' },
  {
    type: 'live_session_changed',
    session_id: 's1',
    change: 'reminder_15m',
    title: 'Fractions live',
    starts_at: '2026-11-27T10:00:00.000Z',
  },
  { type: 'pong' },
  { type: 'live_room_changed', sessionId: 's1', change: 'hands' },
  {
    type: 'live_chat_message',
    sessionId: 's1',
    message: { id: 'm1', user_id: 'u1', name: 'Ada', body: 'Hi', created_at: '2026-11-27T10:00:00.000Z' },
  },
  { type: 'live_chat_deleted', sessionId: 's1', messageId: 'm1' },
  { type: 'live_signal', sessionId: 's1', from: 'u1', signalId: 'g1', part: 0, parts: 2, chunk: '{"descr' },
  {
    type: 'live_signal',
    sessionId: 's1',
    from: 'u1',
    fromTab: null,
    toTab: 't2',
    signalId: 'g1',
    part: 1,
    parts: 2,
    chunk: 'x',
  },
];

/** Every way of spoiling one field: gone, of another kind, a word off the list, half an object. */
function spoiled(message: Record<string, unknown>): unknown[] {
  const wrongs = [undefined, null, 7, 1.5, 'nope', true, ['a', 1], {}, [], { id: 'b1' }];
  return Object.keys(message)
    .filter((key) => key !== 'type')
    .flatMap((key) => wrongs.map((wrong) => ({ ...message, [key]: wrong })))
    .concat(
      Object.entries(message)
        .filter(([, value]) => typeof value === 'object' && value !== null && !Array.isArray(value))
        .flatMap(([key, value]) =>
          Object.keys(value as object).map((inner) => ({ ...message, [key]: { ...(value as object), [inner]: 3 } })),
        ),
    );
}

describe('the browser reads a server message as the schema does', () => {
  it('knows every type the schema has, and no other', () => {
    const schemaTypes = serverMessageSchema.options.map((option) => option.shape.type.value).sort();
    expect(Object.keys(SERVER_MESSAGE_FIELDS).sort()).toEqual(schemaTypes);
    expect(new Set(examples.map((message) => message.type)).size).toBe(schemaTypes.length);
  });

  it('takes each whole message as it came', () => {
    for (const message of examples) {
      expect(serverMessageSchema.safeParse(message).success).toBe(true);
      expect(readServerMessage(JSON.parse(JSON.stringify(message)))).toEqual(message);
    }
  });

  it('refuses a message exactly when the schema does', () => {
    const others = [null, 'ready', 3, [], {}, { type: 'unknown' }, { type: 'toString' }, { type: 'constructor' }];
    const cases = [...others, ...examples.flatMap((message) => spoiled(message))];
    expect(cases.length).toBeGreaterThan(300);
    for (const data of cases) {
      const read = readServerMessage(data);
      expect({ data, accepted: read !== null }).toEqual({
        data,
        accepted: serverMessageSchema.safeParse(data).success,
      });
    }
  });
});
