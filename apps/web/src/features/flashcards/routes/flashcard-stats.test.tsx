import '@/lib/i18n';
import type { FlashcardStats } from '@portal/shared/flashcards-stats';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deck, optimizerStatus } from '../flashcards.testing';
import { FlashcardStatsPage } from './flashcard-stats';

const pass = (passed: number, failed: number) => ({ passed, failed });
const stats = (reviews: number): FlashcardStats => ({
  time_zone: 'UTC',
  today: '2026-03-10',
  reviews_by_day: [
    { date: '2026-03-09', reviews: 4 },
    { date: '2026-03-10', reviews: reviews - 4 },
  ],
  retention: [
    { period: 'today', young: pass(3, 1), mature: pass(1, 0) },
    { period: 'yesterday', young: pass(0, 0), mature: pass(0, 0) },
    { period: 'week', young: pass(3, 1), mature: pass(1, 0) },
    { period: 'month', young: pass(3, 1), mature: pass(1, 0) },
    { period: 'year', young: pass(3, 1), mature: pass(1, 0) },
  ],
  forecast: Array.from({ length: 30 }, (_, index) => ({
    date: `2026-${index < 22 ? '03' : '04'}-${String(index < 22 ? index + 10 : index - 21).padStart(2, '0')}`,
    due: index === 0 ? 7 : 0,
  })),
  maturity: { new: 12, learning: 2, young: 5, mature: 3, suspended: 1 },
  totals: { reviews, time_ms: 30 * 60_000, days_studied: 2 },
});
const optimizer = optimizerStatus({ review_count: 10 });

let paths: string[];
let tier: string | null;

// The charts' drawing library loads on demand; loading it here keeps its cost out of the test's own time.
beforeAll(() => import('@/components/charts/daily-chart-drawing'), 30_000);

beforeEach(() => {
  paths = [];
  tier = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      paths.push(path);
      const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status });
      if (tier) return json({ error: { code: 'subscription_required', message: 'Upgrade', reasons: [tier] } }, 402);
      if (path.startsWith('/api/flashcards/stats')) return json(stats(path.includes('deck_id=d2') ? 6 : 10));
      if (path === '/api/flashcards/optimizer') return json(optimizer);
      if (path === '/api/flashcards/decks') {
        return json({ decks: [deck('d1', 'Capitals'), deck('d2', 'Verbs')] });
      }
      return json({ error: { code: 'not_found', message: path } }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard/learner/flashcards/stats']}>
        <FlashcardStatsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('FlashcardStatsPage', () => {
  it('shows totals, the retention table, the forecast, maturity and the heatmap summary; a deck narrows them', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Flashcard statistics', level: 1 })).toBeTruthy();
    const totals = await screen.findByText('Reviews');
    expect(totals.nextElementSibling?.textContent).toBe('10');

    const retention = screen.getByRole('table', { name: 'True retention' });
    const today = within(retention).getByRole('row', { name: /Today/ });
    expect(
      within(today)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['75% (4)', '100% (1)', '80% (5)']);
    expect(within(retention).getByRole('row', { name: /Yesterday/ }).textContent).toContain('No reviews');

    const forecast = screen.getByRole('table', { name: 'Cards due per day, next 30 days' });
    expect(within(forecast).getAllByRole('row')).toHaveLength(31);
    expect(within(forecast).getAllByRole('row')[1]?.textContent).toContain('7');

    const maturity = screen.getByRole('heading', { name: 'Card maturity' }).parentElement as HTMLElement;
    expect(within(maturity).getByText('New').nextElementSibling?.textContent).toBe('12');
    expect(within(maturity).getByText('Suspended').nextElementSibling?.textContent).toBe('1');
    expect(screen.getByRole('img', { name: /Reviews on 2 of the last 365 days, 10 in all/ })).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Deck'), 'Verbs');
    expect(await screen.findByRole('img', { name: /6 in all/ })).toBeTruthy();
    expect(paths).toContain('/api/flashcards/stats?deck_id=d2');
  });

  it('a plan without flashcards sees the upgrade prompt', async () => {
    tier = 'me';
    renderPage();
    expect(await screen.findByRole('heading', { name: /Part of the .+ plan/ })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
