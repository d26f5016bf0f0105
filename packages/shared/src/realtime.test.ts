import { describe, expect, it } from 'vitest';
import { betaUpdateKind, serverMessageSchema } from './realtime.ts';

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
