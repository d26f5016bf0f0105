import { LIVE_SIGNAL_RATE } from '@portal/shared/live-room';
import { describe, expect, it } from 'vitest';
import { createSignalRateLimit } from './live-room-chat.service.ts';

describe('the live room signal rate limit', () => {
  it('refuses a sender past the limit in a window, and keeps refusing while many other senders come and go', () => {
    const allowed = createSignalRateLimit(50);
    for (let signal = 1; signal <= LIVE_SIGNAL_RATE.signals; signal += 1) expect(allowed('flooder')).toBe(true);
    expect(allowed('flooder')).toBe(false);
    // More senders than the sweep keeps track of: the flooder's window has not ended, so it is not forgotten.
    for (let sender = 0; sender < 200; sender += 1) expect(allowed(`sender-${sender}`)).toBe(true);
    expect(allowed('flooder')).toBe(false);
    expect(allowed('someone-new')).toBe(true);
  });
});
