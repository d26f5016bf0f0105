import '@/lib/i18n';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RoomTimer } from './room-timer';

afterEach(cleanup);

const running = (endsInMs: number, durationSeconds: number) => ({
  status: 'running' as const,
  duration_seconds: durationSeconds,
  ends_at: new Date(Date.now() + endsInMs).toISOString(),
  remaining_ms: null,
});

describe('the shared timer', () => {
  it('counts down to the end the server sent, corrected by the clocks’ difference', () => {
    render(<RoomTimer timer={running(120_000, 300)} serverOffsetMs={30_000} canModerate={false} onChange={vi.fn()} />);
    expect(screen.getByRole('timer').textContent).toBe('01:30');
  });

  it('never shows more than it was set to, when the clocks’ difference was guessed a little short', () => {
    // Started just now for 5 minutes; this page's guess of the server clock is 800 ms behind.
    render(<RoomTimer timer={running(300_000, 300)} serverOffsetMs={-800} canModerate={false} onChange={vi.fn()} />);
    expect(screen.getByRole('timer').textContent).toBe('05:00');
  });
});
