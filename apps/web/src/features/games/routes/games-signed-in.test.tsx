import '@/lib/i18n';
import type { GameRound, GameSources, RoundResult } from '@portal/shared/games';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Games } from './games';

const EMPTY: GameSources = {
  courses: [],
  decks: [],
  everything: 0,
  everything_games: [],
  flashcards_included: false,
};
const ROUND: GameRound = {
  id: 'r1',
  game: 'match',
  difficulty: 'easy',
  timed: false,
  seconds: null,
  issued_at: '2026-01-01T00:00:00.000Z',
  expires_at: '2026-01-01T02:00:00.000Z',
  items: [{ id: 's1', prompt: 'Capital of France', choices: null, hint: null }],
  definitions: [{ id: 's1', text: 'Paris' }],
};
const RESULT: RoundResult = {
  round_id: 'r1',
  game: 'match',
  difficulty: 'easy',
  timed: false,
  score: 0,
  total: 1,
  elapsed_ms: 1000,
  results: [],
  best: null,
  new_best: false,
  xp_event: false,
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
let roundRequests: unknown[] = [];
/** The answer to the next POST /api/games/rounds; by default it waits forever, as on a slow network. */
let nextRound: () => Promise<Response> = () => new Promise(() => {});

beforeEach(() => {
  roundRequests = [];
  nextRound = () => new Promise(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path === '/api/me') return json({ me: { id: 'u1', role: 'learner' } });
      if (path === '/api/games/sources') return json(EMPTY);
      if (path === '/api/games/bests') return json({ bests: [] });
      if (path === '/api/games/rounds' && init?.method === 'POST') {
        roundRequests.push(JSON.parse(String(init.body)));
        return nextRound();
      }
      if (path === '/api/games/rounds/r1/finish') return json(RESULT);
      return json({ error: { code: 'not_found', message: 'no' } }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderGames() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Games />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const leaving = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('/games signed in', () => {
  it('a learner with nothing of their own gets the sample set by default and cannot start on an empty source', async () => {
    const user = userEvent.setup();
    renderGames();
    const source = await screen.findByRole('combobox', { name: 'Play on' });
    await waitFor(() => expect(source).toHaveDisplayValue('Sample set (12 items)'));
    const start = screen.getByRole('button', { name: 'Start round' });
    await waitFor(() => expect(start).toBeEnabled());

    await user.selectOptions(source, 'Everything (0 items)');
    expect(start).toBeDisabled();
    expect(start).toHaveAccessibleDescription(/too few items for Match: at least 3 are needed/);
    expect(screen.getByRole('link', { name: 'Find a course' })).toHaveAttribute('href', '/dashboard/learner/courses');
    // A calm plan has no flashcards, so adding some is not offered.
    expect(screen.queryByRole('link', { name: 'Add flashcards' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Play the sample set' }));
    expect(source).toHaveDisplayValue('Sample set (12 items)');
    nextRound = async () => json(ROUND, 201);
    await user.click(start);
    expect(await screen.findByRole('list', { name: 'Terms' })).toBeInTheDocument();
    expect(roundRequests).toEqual([
      { game: 'match', difficulty: 'easy', source: { kind: 'sample', language: 'en' }, timed: true },
    ]);
  });

  it('warns before leaving a running round, and not on the setup or summary screens', async () => {
    const user = userEvent.setup();
    renderGames();
    const start = await screen.findByRole('button', { name: 'Start round' });
    await waitFor(() => expect(start).toBeEnabled());
    expect(leaving()).toBe(false);
    nextRound = async () => json(ROUND, 201);
    await user.click(start);
    await screen.findByRole('list', { name: 'Terms' });
    expect(leaving()).toBe(true);

    await user.click(screen.getByRole('button', { name: 'End round' }));
    await screen.findByRole('button', { name: 'Play again' });
    expect(leaving()).toBe(false);
  });

  it('a double click on Play again issues one round, even when both clicks land before a re-render', async () => {
    const user = userEvent.setup();
    renderGames();
    const start = await screen.findByRole('button', { name: 'Start round' });
    await waitFor(() => expect(start).toBeEnabled());
    nextRound = async () => json(ROUND, 201);
    await user.click(start);
    await user.click(await screen.findByRole('button', { name: 'End round' }));
    const again = await screen.findByRole('button', { name: 'Play again' });
    nextRound = () => new Promise(() => {});
    act(() => {
      again.click();
      again.click();
    });
    await waitFor(() => expect(again).toBeDisabled());
    expect(roundRequests).toHaveLength(2);
  });
});
