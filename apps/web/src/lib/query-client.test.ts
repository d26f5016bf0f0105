import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { createQueryClient, shouldRetry, shouldRetryMutation } from './query-client';

describe('query defaults', () => {
  it('never retries a 4xx answer', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429, 499]) {
      expect(shouldRetry(0, new ApiError(status, 'bad_request', 'no'))).toBe(false);
    }
  });

  it('retries server and network failures up to three times', () => {
    const failure = new ApiError(503, 'unavailable', 'down');
    expect([0, 1, 2, 3].map((count) => shouldRetry(count, failure))).toEqual([true, true, true, false]);
    expect(shouldRetry(0, new ApiError(0, 'network', 'offline'))).toBe(true);
  });

  it('sends a change again once after a server or network failure, never after a 4xx refusal', () => {
    for (const status of [400, 402, 404, 409, 422, 429]) {
      expect(shouldRetryMutation(0, new ApiError(status, 'conflict', 'no'))).toBe(false);
    }
    const failure = new ApiError(503, 'unavailable', 'down');
    expect([0, 1].map((count) => shouldRetryMutation(count, failure))).toEqual([true, false]);
    expect(shouldRetryMutation(0, new ApiError(0, 'network', 'offline'))).toBe(true);
  });

  it('keeps data fresh for 5 minutes, cached for 10, no refetch on focus, refetch on reconnect', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(300_000);
    expect(defaults.queries?.gcTime).toBe(600_000);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.refetchOnReconnect).toBe(true);
    expect(defaults.mutations?.retry).toBe(shouldRetryMutation);
  });
});
