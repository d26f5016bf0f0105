import '@/lib/i18n';
import type { Goal, GoalList } from '@portal/shared/goals';
import { goalStats } from '@portal/shared/goals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GoalsPage } from './goals';

const goal = (overrides: Partial<Goal>): Goal => ({
  id: 'g1',
  kind: 'checklist',
  title: 'Exam prep',
  description: null,
  status: 'active',
  due_date: '2025-12-31',
  course: null,
  target_minutes: null,
  target_xp: null,
  items: [],
  progress: { current: 1, target: 2, unit: 'items', percent: 50 },
  period: null,
  deadline: '2026-01-01T00:00:00.000Z',
  at_risk: false,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  paused_at: null,
  completed_at: null,
  ...overrides,
});

let calls: { method: string; path: string; body: unknown }[];

function serve(goals: Goal[]) {
  calls = [];
  const list: GoalList = { goals, stats: goalStats(goals), time_zone: 'UTC' };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status });
      if (path === '/api/goals' && method === 'GET') return json(list);
      if (path === '/api/me') return json({ me: null });
      if (path.endsWith('/pause')) return json({ goal: { ...goals[0], status: 'paused' } });
      return json({ error: { code: 'not_found', message: path } }, 404);
    }),
  );
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard/learner/goals']}>
        <GoalsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the goals screen', () => {
  beforeEach(() => {
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the stats and one tab per status with its count', async () => {
    serve([
      goal({
        id: 'a',
        title: 'Finish privacy',
        at_risk: true,
        progress: { current: 20, target: 100, unit: 'percent', percent: 20 },
      }),
      goal({ id: 'c', title: 'Old goal', status: 'completed', completed_at: '2025-02-01T10:00:00.000Z' }),
      goal({ id: 'b', title: 'Weekly hour', status: 'paused' }),
    ]);
    renderPage();

    const tabs = await screen.findByRole('tablist', { name: 'Filter goals by status' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['All3', 'Active1', 'Completed1', 'Paused1']);
    const stats = screen.getByRole('region', { name: 'Goal overview' });
    expect(within(stats).getByText('Average progress').nextSibling).toHaveTextContent('20%');
    expect(within(stats).getByText('At risk').nextSibling).toHaveTextContent('1');
    expect(screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Finish privacy',
      'Weekly hour',
      'Old goal',
    ]);
    expect(screen.getByRole('progressbar', { name: 'Progress of Finish privacy' })).toHaveAttribute(
      'aria-valuenow',
      '20',
    );
  });

  it('filters by tab and explains an empty tab', async () => {
    const user = userEvent.setup();
    serve([goal({ id: 'a', title: 'Only active' })]);
    renderPage();

    await user.click(await screen.findByRole('tab', { name: /Paused/ }));
    expect(screen.getByRole('heading', { name: 'No paused goals' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
    await user.click(screen.getByRole('tab', { name: /Active/ }));
    expect(screen.getByRole('article', { name: 'Only active' })).toBeInTheDocument();
  });

  it('invites the learner to create a first goal', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No goals yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'New goal' }).length).toBeGreaterThan(0);
  });

  it('pauses a goal through the server', async () => {
    const user = userEvent.setup();
    serve([goal({ id: 'a', title: 'Read more' })]);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Pause Read more' }));
    expect(calls).toContainEqual({ method: 'POST', path: '/api/goals/a/pause', body: {} });
  });
});
