import '@/lib/i18n';
import type { ReviewCard, ReviewQueue } from '@portal/shared/flashcards';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReviewSession } from './review-session';

const interval = (seconds: number) => ({ due: new Date(Date.now() + seconds * 1000).toISOString(), seconds });
const card = (id: string, prompt: string, answer: string): ReviewCard => ({
  id,
  deck_id: 'd1',
  deck_name: 'Capitals',
  state: 'new',
  due: '2026-11-01T08:00:00.000Z',
  prompt,
  answer,
  tags: [],
  intervals: { again: interval(60), hard: interval(360), good: interval(600), easy: interval(8 * 86_400) },
});

let queues: ReviewQueue[];
let rates: { path: string; body: { rating: string; idempotency_key: string } }[];
let tier: string | null;
let ratedElsewhere: boolean;
let missingDeck: boolean;

beforeEach(() => {
  rates = [];
  tier = null;
  ratedElsewhere = false;
  missingDeck = false;
  queues = [
    {
      cards: [card('c1', 'Capital of **France**?', 'Paris'), card('c2', 'Capital of Spain?', 'Madrid')],
      counts: { new: 2, learning: 0, review: 0 },
      due_tomorrow: 0,
      can_undo: false,
    },
    {
      cards: [card('c2', 'Capital of Spain?', 'Madrid')],
      counts: { new: 1, learning: 1, review: 0 },
      due_tomorrow: 0,
      can_undo: true,
    },
    { cards: [], counts: { new: 0, learning: 0, review: 0 }, due_tomorrow: 2, can_undo: true },
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status });
      if (tier) {
        return json({ error: { code: 'subscription_required', message: 'Upgrade', reasons: [tier] } }, 402);
      }
      if (missingDeck) return json({ error: { code: 'not_found', message: 'There is no such deck.' } }, 404);
      if (path.startsWith('/api/flashcards/review')) return json(queues[Math.min(rates.length, queues.length - 1)]);
      if (path.endsWith('/rate')) {
        rates.push({ path, body: JSON.parse(String(init.body)) });
        if (ratedElsewhere) {
          const error = { code: 'conflict', message: 'Rated elsewhere', reasons: ['reviewed_elsewhere'] };
          return json({ error }, 409);
        }
        return json({ card: {}, rating: 'good' });
      }
      return json({ error: { code: 'not_found', message: path } }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSession() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ReviewSession backTo="/dashboard/learner/flashcards" backLabel="Back to decks" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ReviewSession', () => {
  it('rates only after Space shows the answer, and moves focus for the next key', async () => {
    const user = userEvent.setup();
    renderSession();
    await screen.findByText('France');
    expect(screen.queryByText('Paris')).toBeNull();

    await user.keyboard('3');
    expect(rates).toEqual([]);

    await user.keyboard(' ');
    expect(await screen.findByText('Paris')).toBeTruthy();
    const good = screen.getByRole('button', { name: 'Good, next review in 10 minutes' });
    expect(document.activeElement).toBe(good);
    expect(screen.getByRole('button', { name: 'Easy, next review in 8 days' })).toBeTruthy();

    await user.keyboard('3');
    await screen.findByText('Capital of Spain?');
    expect(rates).toHaveLength(1);
    expect(rates[0]?.path).toBe('/api/flashcards/cards/c1/rate');
    expect(rates[0]?.body.rating).toBe('good');
    expect(document.activeElement?.textContent).toContain('Show answer');
    expect(screen.getByRole('status').textContent).toBe('Rated Good. Next review in 10 minutes.');

    await user.keyboard(' ');
    await screen.findByText('Madrid');
    await user.keyboard('1');
    await screen.findByRole('heading', { name: 'Session complete' });
    expect(rates.map((rate) => rate.body.rating)).toEqual(['good', 'again']);
    expect(new Set(rates.map((rate) => rate.body.idempotency_key)).size).toBe(2);
    expect(screen.getByText('Due tomorrow: 2 cards')).toBeTruthy();
  });

  it('a card rated meanwhile in another tab is not rated again: the learner is told and the next card shows', async () => {
    ratedElsewhere = true;
    const told = vi.spyOn(toast, 'info');
    const user = userEvent.setup();
    renderSession();
    await screen.findByText('France');
    await user.keyboard(' ');
    await screen.findByText('Paris');
    await user.keyboard('3');
    await screen.findByText('Capital of Spain?');
    expect(rates[0]?.body).toMatchObject({ rating: 'good', due: '2026-11-01T08:00:00.000Z' });
    expect(told).toHaveBeenCalledWith(expect.stringContaining('already rated in another tab or window'));
  });

  it('a deck that no longer exists is named as such, with the way back to the decks', async () => {
    missingDeck = true;
    renderSession();
    expect(await screen.findByText('Deck not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to decks' }).getAttribute('href')).toBe(
      '/dashboard/learner/flashcards',
    );
  });

  it('a plan without flashcards sees the upgrade prompt', async () => {
    tier = 'me';
    renderSession();
    expect(await screen.findByRole('heading', { name: /Part of the .+ plan/ })).toBeTruthy();
    expect(screen.getByText(/does not include Flashcards/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Show answer/ })).toBeNull();
  });
});
