import '@/lib/i18n';
import type { LiveHub, LiveSession } from '@portal/shared/live';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { LiveHubPage } from './live-hub';

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const session = (overrides: Partial<LiveSession>): LiveSession => ({
  id: 's1',
  series_id: null,
  kind: 'class',
  title: 'Conversation class',
  description: '',
  course: null,
  host: { id: 'h1', name: 'Ines Instructor' },
  starts_at: inMinutes(60 * 24),
  ends_at: inMinutes(60 * 25),
  start_local: '2026-03-10T18:00',
  duration_minutes: 60,
  time_zone: 'UTC',
  capacity: null,
  meeting_url: null,
  audience: 'everyone',
  status: 'scheduled',
  recording_url: null,
  going_count: 0,
  maybe_count: 0,
  waitlist_count: 0,
  my_rsvp: null,
  is_host: false,
  can_edit: false,
  live_now: false,
  ...overrides,
});

let calls: { method: string; path: string; body: unknown }[];

function serve(hub: LiveHub, answer: (body: { response: string }) => LiveSession) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status });
      if (path.startsWith('/api/live/hub')) return json(hub);
      if (path.startsWith('/api/live/sessions?')) return json({ sessions: [...hub.live_now, ...hub.upcoming] });
      if (path.endsWith('/rsvp') && method === 'PUT') {
        const answered = answer(body);
        hub.upcoming = hub.upcoming.map((shown) => (shown.id === answered.id ? answered : shown));
        return json({ session: answered });
      }
      if (path === '/api/me') return json({ me: null });
      return json({ error: { code: 'not_found', message: path } }, 404);
    }),
  );
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dashboard/learner/live-hub']}>
        <LiveHubPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the live hub', () => {
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
    vi.useRealTimers();
  });

  it('lists what is live now with a Join link to its room', async () => {
    const live = session({ id: 'live-1', title: 'Grammar live', live_now: true, starts_at: inMinutes(-5) });
    serve({ live_now: [live], upcoming: [], past: [] }, () => live);
    renderPage();
    const region = await screen.findByRole('region', { name: 'Live now' });
    const join = within(region).getByRole('link', { name: 'Join Grammar live' });
    expect(join.getAttribute('href')).toBe('/dashboard/learner/live-hub/live-1');
  });

  it('in German the heading names the hub as the navigation does', async () => {
    serve({ live_now: [], upcoming: [], past: [] }, () => session({}));
    await i18n.changeLanguage('de');
    try {
      renderPage();
      const navLabel = i18n.t('nav.liveHub', { ns: 'common' });
      expect(navLabel).toBe('Live-Bereich');
      expect(await screen.findByRole('heading', { level: 1, name: navLabel })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('answering "Going" to a full session says the learner is on the waitlist', async () => {
    const full = session({ id: 'full-1', title: 'Small seminar', capacity: 2, going_count: 2 });
    serve({ live_now: [], upcoming: [full], past: [] }, ({ response }) => ({
      ...full,
      waitlist_count: 1,
      my_rsvp: { response: response as 'going', waitlisted: true, waitlist_position: 1 },
    }));
    renderPage();
    const card = await screen.findByRole('article', { name: 'Small seminar' });
    expect(within(card).getByText('The session is full; answering “Going” puts you on the waitlist.')).toBeTruthy();
    const answers = within(card).getByRole('group', { name: 'Your answer for Small seminar' });
    await userEvent.click(within(answers).getByRole('button', { name: 'Going' }));
    expect(calls).toContainEqual({
      method: 'PUT',
      path: '/api/live/sessions/full-1/rsvp',
      body: { response: 'going' },
    });
    await waitFor(() =>
      expect(within(card).getByRole('status').textContent).toContain('you are on the waitlist (position 1)'),
    );
    const link = within(card).getByRole('link', { name: /Add to calendar/ });
    expect(link.getAttribute('href')).toBe('/api/live/sessions/full-1.ics');
  });

  it('shows the week as a table with a column per weekday, and the same sessions as a list', async () => {
    // A Wednesday noon, so a session half an hour away falls in this week whenever the test runs (late on a
    // Sunday it would fall in the next one).
    vi.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z'), toFake: ['Date'] });
    const soon = session({ id: 'soon', title: 'Reading circle', starts_at: inMinutes(30), ends_at: inMinutes(90) });
    serve({ live_now: [], upcoming: [soon], past: [] }, () => soon);
    renderPage();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(7);
    expect(await within(table).findByRole('button', { name: /Reading circle/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(screen.queryByRole('table')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: /Reading circle/ }));
    const selected = await screen.findByRole('region', { name: 'Selected session' });
    expect(within(selected).getByRole('heading', { name: 'Reading circle' })).toBeTruthy();
  });
});
