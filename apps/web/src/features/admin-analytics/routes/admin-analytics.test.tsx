import type { AdminAnalytics as AdminAnalyticsData, AtRiskPage } from '@portal/shared/admin-analytics';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { AdminAnalytics } from './admin-analytics';

const COURSE = '3f1c8e64-8a55-4c53-9d43-2f1c7a1b9e10';
const RETRY_AT = '2026-03-02T09:30:00.000Z';

const overview: AdminAnalyticsData = {
  from: '2026-02-01',
  to: '2026-03-02',
  course_id: null,
  courses: [{ id: COURSE, title: 'Data privacy basics' }],
  engagement: [
    { date: '2026-03-01', active_learners: 4, lesson_completions: 7, xp: 120 },
    { date: '2026-03-02', active_learners: 6, lesson_completions: 2, xp: 80 },
  ],
  funnels: [{ course_id: COURSE, title: 'Data privacy basics', enrolled: 12, started: 9, half: 5, completed: 3 }],
  scorm: [{ package_id: 'p1', title: 'Safety drill', attempts: 8, passed: 3, failed: 1, pass_rate: 75 }],
  xp_distribution: [
    { min: 0, max: 0, learners: 2 },
    { min: 1, max: 99, learners: 5 },
  ],
  streak_distribution: [
    { min: 0, max: 0, learners: 6 },
    { min: 30, max: null, learners: 1 },
  ],
};

const atRisk: AtRiskPage = {
  inactive_days: 7,
  next_cursor: null,
  learners: [
    {
      user_id: 'ann',
      name: 'Ann Idle',
      email: 'ann@example.com',
      reasons: [{ code: 'inactive', days: 12 }],
      last_activity_at: '2026-02-18T10:00:00.000Z',
      last_nudged_at: null,
      next_nudge_at: null,
    },
    {
      user_id: 'bo',
      name: 'Bo Retry',
      email: null,
      reasons: [
        {
          code: 'quiz_failed',
          lesson_id: 'l1',
          lesson_title: 'Check',
          course_title: 'Data privacy basics',
          failures: 2,
        },
      ],
      last_activity_at: null,
      last_nudged_at: null,
      next_nudge_at: null,
    },
  ],
};

let releaseNudge: () => void = () => {};
const requests: string[] = [];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  requests.length = 0;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      requests.push(`${init?.method ?? 'GET'} ${path}`);
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
      if (path.endsWith('/ann/nudge')) {
        await new Promise<void>((resolve) => {
          releaseNudge = resolve;
        });
        return json({ user_id: 'ann', sent_at: '2026-03-01T09:30:00.000Z', next_nudge_at: RETRY_AT });
      }
      if (path.endsWith('/bo/nudge')) {
        const error = { code: 'rate_limited', message: 'This learner was nudged recently.', reasons: [RETRY_AT] };
        return json({ error }, 429);
      }
      if (path.startsWith('/api/admin/analytics/at-risk')) return json(atRisk);
      if (path.startsWith('/api/admin/analytics')) return json(overview);
      return json({ me: null });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderScreen() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AdminAnalytics />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('admin analytics', () => {
  it('puts the numbers of every chart in a table and offers each section as CSV', async () => {
    renderScreen();
    const funnel = await screen.findByRole('table', { name: 'Course funnels' });
    const row = within(funnel).getByRole('row', { name: /Data privacy basics/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['12', '9', '5', '3']);
    const scorm = screen.getByRole('table', { name: 'SCORM pass rates' });
    expect(within(scorm).getByRole('row', { name: /Safety drill/ })).toHaveTextContent('75%');
    expect(screen.getByRole('table', { name: 'Daily active learners' })).toHaveTextContent('6');
    expect(screen.getByRole('table', { name: 'Streak distribution' })).toHaveTextContent('30+');
    for (const summary of screen.getAllByText('Show as table')) expect(summary.tagName).toBe('SUMMARY');

    const csv = screen.getByRole('link', { name: 'Export at-risk learners as CSV' });
    expect(csv.getAttribute('href')).toMatch(
      /^\/api\/admin\/analytics\/export\.csv\?from=\d{4}-\d{2}-\d{2}&to=.*section=at-risk$/,
    );
    expect(screen.getByRole('link', { name: 'Export course funnels as CSV' }).getAttribute('href')).toContain(
      'section=funnels',
    );
  });

  it('lists at-risk learners with their reasons in words and when they were last seen', async () => {
    renderScreen();
    const table = await screen.findByRole('table', { name: 'At-risk learners' });
    const ann = within(table).getByRole('row', { name: /Ann Idle/ });
    expect(ann).toHaveTextContent('Inactive for 12 days');
    const bo = within(table).getByRole('row', { name: /Bo Retry/ });
    expect(bo).toHaveTextContent('Failed quiz “Check” in Data privacy basics 2 times');
    expect(bo).toHaveTextContent('No email address');
    expect(bo).toHaveTextContent('Never');
    expect(screen.getByText(/Inactive for at least 7 days/)).toBeInTheDocument();
  });

  it('a nudge button is disabled while sending, then says it was sent; a refused one says when to try again', async () => {
    const user = userEvent.setup();
    renderScreen();
    const send = await screen.findByRole('button', { name: 'Send a nudge to Ann Idle' });
    await user.click(send);
    await waitFor(() => expect(send).toBeDisabled());
    expect(send).toHaveTextContent('Sending...');
    releaseNudge();
    expect(await screen.findByText('Nudge sent.')).toBeInTheDocument();
    expect(send).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Send a nudge to Bo Retry' }));
    expect(await screen.findByText(/^Already nudged\. The next nudge is possible from /)).toBeInTheDocument();
    expect(requests).toContain('POST /api/admin/analytics/at-risk/bo/nudge');
  });

  it('narrows every section to the chosen course and refuses a backwards date range', async () => {
    const user = userEvent.setup();
    renderScreen();
    await screen.findByRole('table', { name: 'Course funnels' });
    await user.selectOptions(screen.getByLabelText('Course'), 'Data privacy basics');
    await waitFor(() => expect(requests.some((request) => request.includes(`at-risk?course=${COURSE}`))).toBe(true));
    expect(requests.some((request) => /\/api\/admin\/analytics\?from=.*&course=/.test(request))).toBe(true);

    const before = requests.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2099-01-01' } });
    expect(await screen.findByText('The start date must not be after the end date.')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.slice(before).some((request) => request.includes('from=2099-01-01'))).toBe(false);
  });
});
