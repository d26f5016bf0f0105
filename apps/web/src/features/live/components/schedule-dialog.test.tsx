import '@/lib/i18n';
import type { LiveOptions } from '@portal/shared/live';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScheduleDialog } from './schedule-dialog';

let posted: unknown[];

function serve(options: LiveOptions) {
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status });
      if (path === '/api/live/options') return json(options);
      if (path === '/api/live/sessions' && init.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return json({ sessions: [] }, 201);
      }
      if (path === '/api/me') return json({ me: null });
      return json({ error: { code: 'not_found', message: path } }, 404);
    }),
  );
}

function renderDialog(onOpenChange = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ScheduleDialog open onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return onOpenChange;
}

/** A wall-clock time `days` from now, as a datetime-local input holds it (UTC is the zone chosen below). */
const localIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 11).concat('18:00');

describe('the schedule dialog', () => {
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

  it('an instructor schedules a weekly class; the body says when in which time zone', async () => {
    serve({ kinds: ['class', 'study_group'], courses: [{ id: 'c1', title: 'Spanish A1' }], time_zone: 'UTC' });
    const onOpenChange = renderDialog();
    await userEvent.type(await screen.findByLabelText('Title'), 'Conversation class');
    fireEvent.change(screen.getByLabelText('Date and time'), { target: { value: localIn(3) } });
    await userEvent.type(screen.getByLabelText('Capacity'), '12');
    await userEvent.selectOptions(screen.getByLabelText('Linked course'), 'c1');
    await userEvent.selectOptions(screen.getByLabelText('Repeats'), 'weekly');
    await userEvent.clear(screen.getByLabelText('Number of sessions'));
    await userEvent.type(screen.getByLabelText('Number of sessions'), '6');
    await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      kind: 'class',
      title: 'Conversation class',
      start_local: localIn(3),
      time_zone: 'UTC',
      duration_minutes: 60,
      capacity: 12,
      course_id: 'c1',
      audience: 'everyone',
      recurrence: { frequency: 'weekly', count: 6, exceptions: [] },
    });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  }, 20_000);

  it('a learner schedules only study groups, and bad input is explained before anything is sent', async () => {
    serve({ kinds: ['study_group'], courses: [], time_zone: 'UTC' });
    renderDialog();
    await screen.findByLabelText('Title');
    expect(screen.queryByRole('radio', { name: 'Class' })).toBeNull();
    expect(screen.getByRole('radio', { name: 'My shared Us plan' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Date and time'), { target: { value: localIn(-1) } });
    await userEvent.type(screen.getByLabelText('External meeting link (optional)'), 'http://meet.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(screen.getByText('Enter a title.')).toBeTruthy();
    expect(screen.getByText('Choose a time in the future.')).toBeTruthy();
    expect(screen.getByText('Use a link that starts with https://.')).toBeTruthy();
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(posted).toEqual([]);
  }, 20_000);
});
