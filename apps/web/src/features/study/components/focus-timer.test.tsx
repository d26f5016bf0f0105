import '@/lib/i18n';
import type { StudySession } from '@portal/shared/study';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FocusTimer } from './focus-timer';

const NOW = new Date('2025-05-05T10:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

const session = (overrides: Partial<StudySession>): StudySession => ({
  id: 's1',
  mode: 'focus',
  status: 'running',
  started_at: minutesAgo(0),
  paused_at: null,
  ended_at: null,
  paused_seconds: 0,
  active_seconds: 0,
  focused_seconds: 0,
  ...overrides,
});

function renderTimer(value: StudySession | null, clockOffsetMs = 0) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const utils = render(
    <QueryClientProvider client={client}>
      <FocusTimer session={value} clockOffsetMs={clockOffsetMs} />
    </QueryClientProvider>,
  );
  return utils;
}

describe('the focus timer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );
  });
  afterEach(() => {
    onlineManager.setOnline(true);
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('continues from the time the server stored, as after a reload', () => {
    renderTimer(session({ started_at: minutesAgo(10) }));
    expect(screen.getByRole('heading', { name: 'Focus · round 1 of 4' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('15:00');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('timer')).toHaveTextContent('14:57');
  });

  it("corrects this device's clock by the server's", () => {
    // The device runs five minutes behind the server.
    renderTimer(session({ started_at: minutesAgo(10) }), 5 * 60_000);
    expect(screen.getByRole('timer')).toHaveTextContent('10:00');
  });

  it('shows the break after 25 minutes and leaves out paused time', () => {
    renderTimer(session({ started_at: minutesAgo(36), paused_seconds: 8 * 60 }));
    expect(screen.getByRole('heading', { name: 'Break · round 1 of 4' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('02:00');
  });

  it('stands still while paused', () => {
    renderTimer(session({ started_at: minutesAgo(10), status: 'paused', paused_at: minutesAgo(5) }));
    expect(screen.getByRole('timer')).toHaveTextContent('20:00');
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('timer')).toHaveTextContent('20:00');
    expect(screen.getByRole('button', { name: 'Resume' })).toBeInTheDocument();
  });

  it('announces a phase change once, politely, and not every second', () => {
    renderTimer(session({ started_at: new Date(NOW.getTime() - (25 * 60 - 2) * 1000).toISOString() }));
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');
    act(() => vi.advanceTimersByTime(1000));
    expect(status).toHaveTextContent('');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('heading', { name: 'Break · round 1 of 4' })).toBeInTheDocument();
    expect(status).toHaveTextContent('Time for a break: 5 minutes.');
    expect(screen.getByRole('timer')).toHaveAttribute('aria-live', 'off');
  });

  it('offers to start when no session is open', () => {
    renderTimer(null);
    expect(screen.getByRole('button', { name: 'Start focus session' })).toBeInTheDocument();
    expect(screen.queryByRole('timer')).toBeNull();
  });

  const posts = (path: string) =>
    vi.mocked(fetch).mock.calls.filter(([url, init]) => url === path && init?.method === 'POST').length;

  it('a double click on Start sends one start, even when both clicks land before a re-render', async () => {
    vi.mocked(fetch).mockImplementation(() => new Promise(() => {}));
    renderTimer(null);
    const start = screen.getByRole('button', { name: 'Start focus session' });
    act(() => {
      start.click();
      start.click();
    });
    await act(async () => {});
    expect(posts('/api/study/sessions')).toBe(1);
  });

  it('stopping while offline says the session will be saved once back online and cannot be pressed again', async () => {
    const ended = session({ status: 'completed', ended_at: NOW.toISOString(), focused_seconds: 600 });
    vi.mocked(fetch).mockImplementation(async () => new Response(JSON.stringify({ session: ended }), { status: 200 }));
    renderTimer(session({ started_at: minutesAgo(10) }));
    onlineManager.setOnline(false);
    const stop = screen.getByRole('button', { name: 'Stop and save' });
    act(() => {
      stop.click();
      stop.click();
    });
    const offline = 'Saving… You are offline; the session will be saved when you are back online.';
    expect(await screen.findByText(offline, { selector: 'p:not([role])' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(offline);
    const saving = screen.getByRole('button', { name: 'Saving…' });
    expect(saving).toBeDisabled();
    expect(saving).toHaveAccessibleDescription(offline);
    expect(posts('/api/study/sessions/s1/stop')).toBe(0);

    await act(async () => onlineManager.setOnline(true));
    expect(posts('/api/study/sessions/s1/stop')).toBe(1);
  });
});
