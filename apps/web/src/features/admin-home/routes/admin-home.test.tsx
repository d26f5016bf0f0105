import type { AdminOverview, Kpi } from '@portal/shared/admin-overview';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { AdminHome } from './admin-home';

const kpi = (current: number, previous: number): Kpi => ({
  current,
  previous,
  change: current - previous,
  change_percent: previous === 0 ? null : Math.round(((current - previous) / previous) * 1000) / 10,
});

function overview(range: number): AdminOverview {
  return {
    range,
    generated_at: '2026-11-25T12:00:00.000Z',
    kpis: {
      users_total: kpi(120, 100),
      new_signups: kpi(range === 7 ? 3 : 20, 25),
      active_learners_day: kpi(4, 4),
      active_learners_week: kpi(10, 8),
      active_learners_month: kpi(30, 20),
      lesson_completions: kpi(50, 40),
      course_completions: kpi(2, 0),
      scorm_attempts: kpi(12, 10),
      scorm_pass_rate: { current: 75, previous: 80, change: -5 },
      xp_earned: kpi(1500, 1000),
    },
    subscriptions: [
      { tier: 'calm', active: 90, started: kpi(10, 12) },
      { tier: 'me', active: 20, started: kpi(5, 3) },
      { tier: 'us', active: 5, started: kpi(1, 0) },
      { tier: 'universal', active: 2, started: kpi(0, 1) },
    ],
    daily_active_learners: Array.from({ length: range }, (_, index) => ({
      date: new Date(Date.UTC(2026, 10, 25 - (range - 1 - index))).toISOString().slice(0, 10),
      value: index,
    })),
    recent_signups: [{ id: 'u1', name: 'Nia New', email: 'nia@example.com', created_at: '2026-11-25T10:00:00.000Z' }],
    recent_admin_actions: [
      {
        id: 'e1',
        action: 'user.suspend',
        table_name: 'users',
        record_id: 'u2',
        old_values: { suspended: false },
        new_values: { suspended: true },
        legal_basis: null,
        purpose: null,
        ip_address: null,
        created_at: '2026-11-25T09:00:00.000Z',
        actor: { id: 'a1', name: 'Ada Admin', email: 'ada@example.com' },
        target: { id: 'u2', name: 'Lee Learner', email: 'lee@example.com' },
      },
      {
        id: 'e2',
        action: 'course.published',
        table_name: 'courses',
        record_id: 'c1',
        old_values: { status: 'draft' },
        new_values: { status: 'published' },
        legal_basis: 'legitimate_interest',
        purpose: 'Course authoring',
        ip_address: null,
        created_at: '2026-11-25T08:00:00.000Z',
        actor: { id: 'a2', name: 'Bo Builder', email: 'bo@example.com' },
        target: null,
      },
    ],
    health: {
      database: { status: 'ok', kind: 'postgres', latency_ms: 1.2 },
      mail: { status: 'warning', smtp_configured: false, pending: 3, failed: 0, last_sent_at: null },
      files: { status: 'ok', latency_ms: 4 },
      jobs: { status: 'down', running: false, queued: 2, active: 0, failed: 1 },
      realtime: { status: 'ok', connections: 7 },
    },
  };
}

const requested: string[] = [];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  requested.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      requested.push(path);
      const range = /range=(\d+)/.exec(path)?.[1];
      if (range) return new Response(JSON.stringify(overview(Number(range))), { status: 200 });
      return new Response(JSON.stringify({ me: null }), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderHome = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AdminHome />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('admin home', () => {
  it('each KPI says in words how it moved against the previous period', async () => {
    renderHome();

    const users = (await screen.findByText('Users')).closest('div') as HTMLElement;
    expect(within(users).getByText('120')).toBeInTheDocument();
    expect(within(users).getByText('Up 20 (20%) from 100 in the previous 30 days')).toBeInTheDocument();
    expect(screen.getByText('Down 5 (20%) from 25 in the previous 30 days')).toBeInTheDocument();
    expect(screen.getByText('No change from 4 the day before')).toBeInTheDocument();
    expect(screen.getByText('Down 5 points from 80% in the previous 30 days')).toBeInTheDocument();
    expect(screen.getByText('Up 2 from 0 in the previous 30 days')).toBeInTheDocument();
  });

  it('the range switch asks the server for the other period and marks the chosen one', async () => {
    const user = userEvent.setup();
    renderHome();
    await screen.findByText('Users');
    const group = screen.getByRole('group', { name: 'Period' });
    expect(within(group).getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(group).getByRole('button', { name: '7 days' }));

    expect(await screen.findByText('Down 22 (88%) from 25 in the previous 7 days')).toBeInTheDocument();
    expect(requested).toContain('/api/admin/overview?range=7');
    expect(within(group).getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { name: 'The last 7 days' })).toBeInTheDocument();
  });

  it('shows the daily chart with its numbers in a table, recent people and actions, and the state of every part', async () => {
    renderHome();
    await screen.findByText('Users');

    const table = screen.getByRole('table', { name: 'Active learners' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(screen.getByText('Nia New')).toBeInTheDocument();
    expect(screen.getByText('Ada Admin on Lee Learner')).toBeInTheDocument();
    // A change to a course is no one's data: the line names who made it alone.
    expect(screen.getByText('Course published')).toBeInTheDocument();
    expect(screen.getByText('Bo Builder')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the audit log' })).toHaveAttribute('href', '/dashboard/admin/audit');

    const health = screen.getByRole('heading', { name: 'System health' }).closest('div')?.parentElement as HTMLElement;
    const part = (title: string) => within(health).getByText(title).closest('li') as HTMLElement;
    expect(within(part('Database')).getByText('Working')).toBeInTheDocument();
    expect(within(part('Mail')).getByText('Needs attention')).toBeInTheDocument();
    expect(within(part('Mail')).getByText(/No SMTP: mail stays in the outbox/)).toBeInTheDocument();
    expect(within(part('Job queue')).getByText('Not working')).toBeInTheDocument();
    expect(within(part('Job queue')).getByText(/Not running · 2 queued, 0 running, 1 failed/)).toBeInTheDocument();
    expect(within(part('Live connections')).getByText('7 open connections on this server')).toBeInTheDocument();
  });
});
