import '@/lib/i18n';
import type { LiveRoomLobby, LiveRoomState } from '@portal/shared/live-room';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { LiveRoomPage } from './live-room';

const SESSION = '6f1c1c6e-0000-4000-8000-000000000002';
const base = `/api/live-room/sessions/${SESSION}`;
const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const lobby = (status: LiveRoomLobby['status']): LiveRoomLobby => ({
  id: SESSION,
  title: 'Fractions live',
  starts_at: at(5),
  ends_at: at(65),
  opens_at: at(-5),
  closes_at: at(95),
  status,
});
const person = (userId: string, name: string, isHost = false) => ({
  user_id: userId,
  name,
  is_host: isHost,
  muted: false,
  hand_raised_at: null,
  media: true,
  call_tab: null,
});
const roomState = (me: 'host' | 'ada', participants = [person('host', 'Hana Host', true), person('ada', 'Ada')]) =>
  ({
    session: {
      id: SESSION,
      title: 'Fractions live',
      starts_at: at(5),
      ends_at: at(65),
      closes_at: at(95),
      meeting_url: null,
    },
    me: {
      user_id: me,
      is_host: me === 'host',
      can_moderate: me === 'host',
      can_see_attendance: false,
      can_reclaim_host: false,
      muted: false,
      media: true,
      call_tab: null,
    },
    host_id: 'host',
    host_name: 'Hana Host',
    participants,
    hands: [],
    timer: { status: 'idle', duration_seconds: null, ends_at: null, remaining_ms: null },
    poll: null,
    media_mode: 'external',
    ice_servers: [],
    server_now: new Date().toISOString(),
  }) as LiveRoomState;

type Call = { method: string; path: string; body: unknown };
let calls: Call[];
const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status });
const refusal = (code: string, status: number, reasons?: string[]) =>
  json({ error: { code, message: code, ...(reasons ? { reasons } : {}) } }, status);

/** The room's server; `answer` overrides any request it answers (undefined: the usual answer). */
function serve(state: LiveRoomState, answer: (call: Call) => Response | undefined = () => undefined) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        path,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const special = answer(call);
      if (special) return special;
      if (path === base) return json(lobby('open'));
      if ([`${base}/enter`, `${base}/state`, `${base}/host`].includes(path)) return json(state);
      if (path === `${base}/messages` && call.method === 'GET') return json({ messages: [], next_before: null });
      if (path === `/api/live/sessions/${SESSION}`)
        return json({ session: { host: { id: 'host', name: 'Hana Host' } } });
      if (path === `${base}/leave`) return new Response(null, { status: 204 });
      return refusal('not_found', 404);
    }),
  );
}

let socket: { onmessage: ((event: { data: string }) => void) | null } | null = null;
class FakeSocket {
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  constructor() {
    socket = this;
  }
  send() {}
  close() {}
}
const push = (message: unknown) => act(() => socket?.onmessage?.({ data: JSON.stringify(message) }));

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/dashboard/learner/live-hub/${SESSION}`]}>
        <Routes>
          <Route path="/dashboard/learner/live-hub/:sessionId" element={<LiveRoomPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  socket = null;
  await i18n.changeLanguage('en');
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const expectNoRoomActions = () => {
  expect(screen.queryByRole('button', { name: 'Raise hand' })).toBeNull();
  expect(screen.queryByLabelText('Message')).toBeNull();
  expect(screen.queryByRole('list', { name: 'People in the room' })).toBeNull();
};

describe('a live room that changes while one is in it', () => {
  it('a cancellation pushed to the room turns it into the cancelled page, without actions', async () => {
    let cancelled = false;
    serve(roomState('ada'), ({ path }) => {
      if (!cancelled) return undefined;
      if (path === base) return json(lobby('cancelled'));
      return refusal('room_not_open', 403, ['cancelled']);
    });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Raise hand' })).toBeInTheDocument();
    cancelled = true;
    push({
      type: 'live_session_changed',
      session_id: SESSION,
      change: 'cancelled',
      title: 'Fractions live',
      starts_at: at(5),
    });
    expect(await screen.findByText('This session was cancelled.')).toBeInTheDocument();
    expectNoRoomActions();
  });

  it('asking again whether the room is open failing on the way keeps the open room and its call', async () => {
    let failing = false;
    serve(roomState('ada'), ({ path }) => (failing && path === base ? refusal('unavailable', 503) : undefined));
    renderPage();
    expect(await screen.findByRole('button', { name: 'Raise hand' })).toBeInTheDocument();
    failing = true;
    push({
      type: 'live_session_changed',
      session_id: SESSION,
      change: 'updated',
      title: 'Fractions live',
      starts_at: at(5),
    });
    // The first ask and its two retries all fail.
    await waitFor(() => expect(calls.filter(({ path }) => path === base).length).toBe(4), { timeout: 8000 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('The room could not be loaded. Check your connection and try again.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Raise hand' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'People in the room' })).toBeInTheDocument();
  }, 15_000);

  it('a room the server reports closed when asked again shows the closed page', async () => {
    let closed = false;
    serve(roomState('ada'), ({ path }) => {
      if (!closed) return undefined;
      return path === base ? json(lobby('closed')) : refusal('room_not_open', 403, ['closed']);
    });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Raise hand' })).toBeInTheDocument();
    closed = true;
    push({ type: 'live_room_changed', sessionId: SESSION, change: 'presence' });
    expect(await screen.findByText('This session has ended and its room is closed.')).toBeInTheDocument();
    expectNoRoomActions();
  });

  it('a message sent after presence ran out enters the room again and is delivered', async () => {
    let sent = 0;
    serve(roomState('ada'), ({ path, method, body }) => {
      if (path !== `${base}/messages` || method !== 'POST') return undefined;
      sent += 1;
      if (sent === 1) return refusal('conflict', 409);
      const text = (body as { body: string }).body;
      return json({
        id: '6f1c1c6e-0000-4000-8000-0000000000cc',
        user_id: 'ada',
        name: 'Ada',
        body: text,
        created_at: at(0),
      });
    });
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText('Message'), 'Back again{Enter}');
    const log = screen.getByRole('log', { name: 'Chat messages' });
    expect(await within(log).findByText('Back again')).toBeInTheDocument();
    const room = calls.filter((call) => call.path.endsWith('/messages') || call.path.endsWith('/enter'));
    expect(room.slice(-3).map((call) => `${call.method} ${call.path.slice(base.length)}`)).toEqual([
      'POST /messages',
      'POST /enter',
      'POST /messages',
    ]);
    expect(screen.queryByText(/was not sent/)).toBeNull();
  });

  it('says when the browser is offline, and enters again as soon as it is back', async () => {
    serve(roomState('ada'));
    renderPage();
    await screen.findByRole('button', { name: 'Raise hand' });
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(await screen.findByText(/You are offline\. The room reconnects by itself/)).toBeInTheDocument();
    const entries = calls.filter((call) => call.path === `${base}/enter`).length;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText(/You are offline/)).toBeNull());
    expect(calls.filter((call) => call.path === `${base}/enter`).length).toBe(entries + 1);
  });
});

describe('joining and hosting', () => {
  it('someone who has not answered "Going" answers it on the room page and is let in', async () => {
    let going = false;
    serve(roomState('ada'), ({ path, method }) => {
      if (path === `/api/live/sessions/${SESSION}/rsvp` && method === 'PUT') {
        going = true;
        return json({
          session: { id: SESSION, my_rsvp: { response: 'going', waitlisted: false, waitlist_position: null } },
        });
      }
      return path === base && !going ? refusal('not_a_member', 403) : undefined;
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'I’m going – enter the room' }));
    expect(calls).toContainEqual({
      method: 'PUT',
      path: `/api/live/sessions/${SESSION}/rsvp`,
      body: { response: 'going' },
    });
    expect(await screen.findByRole('button', { name: 'Raise hand' })).toBeInTheDocument();
  });

  it('handing the host role over asks first, and a double click sends it once', async () => {
    let handedOver = 0;
    serve(roomState('host'), ({ path }) => {
      if (path !== `${base}/host`) return undefined;
      handedOver += 1;
      return handedOver > 1 ? refusal('forbidden', 403) : undefined;
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Make Ada the host' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Make Ada the host?' });
    await user.dblClick(within(dialog).getByRole('button', { name: 'Make host' }));
    await waitFor(() => expect(handedOver).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(handedOver).toBe(1);
    expect(screen.queryByText('That did not work. Please try again.')).toBeNull();
  });

  it('names the host in the header while the host is not in the room', async () => {
    serve(roomState('ada', [person('ada', 'Ada')]));
    renderPage();
    expect(await screen.findByText('Host: Hana Host')).toBeInTheDocument();
  });
});
