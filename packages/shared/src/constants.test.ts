import { describe, expect, it } from 'vitest';
import { reconnectDelayMs } from './constants.ts';

describe('realtime reconnect delays', () => {
  it.each([
    [0, 1000],
    [1, 2000],
    [2, 5000],
    [3, 10_000],
    [9, 10_000],
    [-1, 1000],
  ])('attempt %i waits %i ms', (attempt, delay) => {
    expect(reconnectDelayMs(attempt)).toBe(delay);
  });
});
