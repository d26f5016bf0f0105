import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, isRetryableStatus } from './errors.ts';

describe('retrying failed requests', () => {
  it.each([502, 503, 504, undefined])('%j is retried', (status) => {
    expect(isRetryableStatus(status)).toBe(true);
  });

  it.each([400, 401, 404, 409, 422, 429, 500])('%i is not retried', (status) => {
    expect(isRetryableStatus(status)).toBe(false);
  });
});

describe('error codes', () => {
  it('map the auth error classes to the spec statuses', () => {
    expect(ERROR_STATUS.session_missing).toBe(400);
    expect(ERROR_STATUS.invalid_credentials).toBe(401);
    expect(ERROR_STATUS.invalid_jwt).toBe(401);
    expect(ERROR_STATUS.weak_password).toBe(422);
  });
});
