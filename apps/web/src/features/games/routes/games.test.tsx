import '@/lib/i18n';
import { GAME_SAMPLE_SET } from '@portal/shared/games-sample';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Games } from './games';

const answerOf = new Map(GAME_SAMPLE_SET.en.map((entry) => [entry.prompt, entry.answer]));

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/me') return new Response(JSON.stringify({ me: null }), { status: 200 });
      return new Response(JSON.stringify({ error: { code: 'unauthorized', message: 'no' } }), { status: 401 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete document.documentElement.dataset.comfort;
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

describe('/games signed out', () => {
  it('a visitor plays Match on the sample set by keyboard, without XP, and keeps the best in this browser', async () => {
    const user = userEvent.setup();
    renderGames();
    await screen.findByText(/You are playing the sample set/);
    await user.click(screen.getByRole('checkbox', { name: 'Play with a timer' }));
    await user.click(screen.getByRole('button', { name: 'Start round' }));
    const terms = await screen.findByRole('list', { name: 'Terms' });
    for (let pair = 0; pair < 4; pair += 1) {
      const term = terms.querySelector('button');
      expect(term).toHaveFocus();
      await user.keyboard('{Enter}');
      const definition = screen.getByRole('button', { name: answerOf.get(term?.textContent ?? '') });
      while (document.activeElement !== definition) await user.tab();
      await user.keyboard('{Enter}');
    }
    expect(await screen.findByRole('heading', { name: 'Round complete' })).toHaveFocus();
    expect(screen.getByText('4 of 4 correct')).toBeInTheDocument();
    expect(screen.getByText('Signed out, sample rounds earn no XP.')).toBeInTheDocument();
    expect(screen.getByText('New personal best!')).toBeInTheDocument();
    expect(localStorage.getItem('portal.games.sample-bests')).toContain('"score":4');
  });

  it('starts untimed in Low-Stimulus and Focus Mode; the learner may switch the timer on', async () => {
    document.documentElement.dataset.comfort = 'low-stimulus';
    const user = userEvent.setup();
    renderGames();
    const timer = await screen.findByRole('checkbox', { name: 'Play with a timer' });
    expect(timer).not.toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Recall/ }));
    await user.click(screen.getByRole('button', { name: 'Start round' }));
    expect(await screen.findByRole('timer')).toHaveTextContent('No timer');
  });
});
