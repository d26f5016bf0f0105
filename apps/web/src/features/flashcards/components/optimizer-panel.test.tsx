import '@/lib/i18n';
import type { OptimizerStatus } from '@portal/shared/flashcards-stats';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { optimizerStatus } from '../flashcards.testing';
import { OptimizerPanel } from './optimizer-panel';

const base = optimizerStatus({ review_count: 512 });
const optimized: OptimizerStatus = {
  ...base,
  state: 'optimized',
  actual_retention: 0.87,
  expected_retention: { before: 0.91, after: 0.875 },
  before: { log_loss: 0.41234, rmse: 0.052 },
  after: { log_loss: 0.38765, rmse: 0.031 },
  weights: Array.from({ length: 21 }, () => 1),
  optimized_at: '2026-03-10T10:00:00.000Z',
};

let statuses: OptimizerStatus[];
let calls: string[];

beforeEach(() => {
  calls = [];
  statuses = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push(`${method} ${path}`);
      const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status });
      if (method === 'POST') return json({ ...base, state: 'running' }, 202);
      if (method === 'DELETE') return json(base);
      return json(statuses.length > 1 ? statuses.shift() : statuses[0]);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OptimizerPanel />
    </QueryClientProvider>,
  );
}

describe('OptimizerPanel', () => {
  it('below the minimum says how many reviews are missing and does not start', async () => {
    statuses = [{ ...base, review_count: 150 }];
    renderPanel();
    expect(await screen.findByText('Optimizing needs 400 reviews. You have 150: 250 more to go.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Optimize my parameters' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('starts the fit, polls until it is done, shows before and after, and resets to the defaults', async () => {
    statuses = [base, { ...base, state: 'running' }, optimized];
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Optimize my parameters' }));
    expect(calls).toContain('POST /api/flashcards/optimizer');
    expect((await screen.findByRole('status')).textContent).toBe('Optimizing your parameters…');

    const table = await screen.findByRole('table', { name: /How well the default/ }, { timeout: 4000 });
    expect(screen.getByRole('status').textContent).toBe('Scheduling uses parameters fitted to your reviews.');
    const row = (name: RegExp) =>
      within(within(table).getByRole('row', { name }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(row(/Expected retention/)).toEqual(['91%', '87.5%']);
    expect(row(/Log-loss/)).toEqual(['0.4123', '0.3877']);
    expect(screen.getByText('Your actual retention on these reviews: 87%.')).toBeTruthy();

    statuses = [base];
    await user.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(calls).toContain('DELETE /api/flashcards/optimizer');
    expect(await screen.findByText('Scheduling uses the default parameters.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset to defaults' })).toBeNull();
  });
});
