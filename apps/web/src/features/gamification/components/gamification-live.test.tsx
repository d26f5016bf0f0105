import '@/lib/i18n';
import type { UserStats } from '@portal/shared/gamification';
import { DEFAULT_GAMIFICATION_SETTINGS } from '@portal/shared/gamification-settings';
import { levelProgress } from '@portal/shared/levels';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAY_CHECK_MS, dayIn, GamificationLive } from './gamification-live';

const stats: UserStats = {
  total_xp: 120,
  balance: 120,
  level: levelProgress(120, DEFAULT_GAMIFICATION_SETTINGS.level_thresholds),
  multiplier: 1,
  double_xp_until: null,
  streak: { current: 3, longest: 3, freezes_held: 0, today_done: true, at_risk: false },
  badges: { earned: 0, total: 12, earned_keys: [] },
  achievements: { tiers_reached: 0, tiers_total: 24 },
  recent_awards: [],
  daily_login_claimed: true,
  equipped: { theme: null, frame: null },
};

let statsReads = 0;

beforeEach(() => {
  statsReads = 0;
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/me') return Response.json({ me: { user: { id: 'learner-1' } } });
      if (path === '/api/profile') return Response.json({ profile: { timezone: 'Asia/Tokyo' } });
      if (path === '/api/gamification/stats') {
        statsReads += 1;
        return Response.json(stats);
      }
      return Response.json({}, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function renderLive() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  render(
    <QueryClientProvider client={client}>
      <GamificationLive />
    </QueryClientProvider>,
  );
  await act(() => vi.advanceTimersByTimeAsync(10));
}

describe('the learner’s new day, for their stats and the daily login', () => {
  it('is the day of the time zone in their profile', () => {
    const instant = new Date('2026-11-30T15:30:00Z');
    expect(dayIn('Asia/Tokyo', instant)).toBe('2026-12-01');
    expect(dayIn('America/Los_Angeles', instant)).toBe('2026-11-30');
  });

  it('refreshes the stats when midnight passes in Tokyo, not when it passes on the device’s clock', async () => {
    // 23:59 in Tokyo; the machine running the test may be in any zone (UTC on ours).
    vi.setSystemTime(new Date('2026-11-30T14:59:00Z'));
    await renderLive();
    expect(statsReads).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(DAY_CHECK_MS));
    expect(statsReads).toBe(2);
    // The rest of Tokyo's day passes, midnight in UTC included: no more refreshes until Tokyo's next midnight.
    await act(() => vi.advanceTimersByTimeAsync(9 * 60 * 60_000));
    expect(statsReads).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(15 * 60 * 60_000));
    expect(statsReads).toBe(3);
  });
});
