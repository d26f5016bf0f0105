import '@/lib/i18n';
import { DEFAULT_GAMIFICATION_SETTINGS, type UserStats } from '@portal/shared/gamification';
import { levelProgress } from '@portal/shared/levels';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { GamificationStats } from './gamification-stats';
import { showBetaUpdateToast, showLevelUpToast } from './gamification-toasts';

// jsdom has no pointer capture; the toast library uses it for swipe-to-dismiss.
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.hasPointerCapture ??= () => false;

const stats: UserStats = {
  total_xp: 1234,
  balance: 1000,
  level: levelProgress(1234, DEFAULT_GAMIFICATION_SETTINGS.level_thresholds),
  multiplier: 1.2,
  double_xp_until: null,
  streak: { current: 15, longest: 20, freezes_held: 1, today_done: true, at_risk: false },
  badges: { earned: 3, total: 12, earned_keys: ['first_lesson', 'streak_7', 'level_5'] },
  achievements: { tiers_reached: 4, tiers_total: 24 },
  recent_awards: [],
  daily_login_claimed: true,
  equipped: { theme: null, frame: null },
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(stats), { status: 200 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('dashboard stats', () => {
  it('shows total XP, the current streak and achievements, each leading to the gamification screen', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <GamificationStats />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('15 days')).toBeInTheDocument();
    expect(screen.getByTestId('widget-achievements')).toHaveTextContent('7');
    for (const name of ['Total XP', 'Current streak', 'Achievements']) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', '/dashboard/learner/gamification');
    }
  });

  it('is in German too', async () => {
    await i18n.changeLanguage('de');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <GamificationStats />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('1.234')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Aktuelle Serie' })).toBeInTheDocument();
  });
});

describe('toasts', () => {
  it('a beta update shows its title and text with a Dismiss action that closes it', async () => {
    render(<Toaster />);
    act(() => {
      showBetaUpdateToast({ title: 'New: flashcards', message: 'Try them today.', type: 'feature', timestamp: '' });
    });
    const toast = (await screen.findByText('New: flashcards')).closest('[data-sonner-toast]') as HTMLElement;
    expect(within(toast).getByText('Try them today.')).toBeInTheDocument();
    await userEvent.click(within(toast).getByRole('button', { name: 'Dismiss' }));
    await vi.waitFor(() => expect(screen.queryByText('New: flashcards')).not.toBeInTheDocument());
  });

  it('the level-up toast marks its party effect as a celebration, which Low-Stimulus mode hides', async () => {
    render(<Toaster />);
    act(() => showLevelUpToast(5));
    const toast = (await screen.findByText('Level 5 reached!')).closest('[data-sonner-toast]') as HTMLElement;
    expect(toast.querySelector('[data-celebration]')).not.toBeNull();
  });
});
