import '@/lib/i18n';
import type { LiveAttendee, LiveChatMessage, LiveRoomLobby, LiveRoomState } from '@portal/shared/live-room';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { LiveRoomPage } from './live-room';

const SESSION = '6f1c1c6e-0000-4000-8000-000000000001';
const base = `/api/live-room/sessions/${SESSION}`;
const now = new Date();

const lobby = (overrides: Partial<LiveRoomLobby> = {}): LiveRoomLobby => ({
  id: SESSION,
  title: 'Fractions live',
  starts_at: new Date(now.getTime() + 5 * 60_000).toISOString(),
  ends_at: new Date(now.getTime() + 65 * 60_000).toISOString(),
  opens_at: new Date(now.getTime() - 5 * 60_000).toISOString(),
  closes_at: new Date(now.getTime() + 95 * 60_000).toISOString(),
  status: 'open',
  ...overrides,
});

const person = (userId: string, name: string, extra: Partial<LiveRoomState['participants'][number]> = {}) => ({
  user_id: userId,
  name,
  is_host: false,
  muted: false,
  hand_raised_at: null,
  media: true,
  call_tab: null,
  ...extra,
});

const roomState = (me: 'host' | 'ada', overrides: Partial<LiveRoomState> = {}): LiveRoomState => ({
  session: {
    id: SESSION,
    title: 'Fractions live',
    starts_at: lobby().starts_at,
    ends_at: lobby().ends_at,
    closes_at: lobby().closes_at,
    meeting_url: null,
  },
  me: {
    user_id: me,
    is_host: me === 'host',
    can_moderate: me === 'host',
    can_see_attendance: me === 'host',
    can_reclaim_host: false,
    muted: false,
    media: true,
    call_tab: null,
  },
  host_id: 'host',
  host_name: 'Hana Host',
  participants: [
    person('host', 'Hana Host', { is_host: true }),
    person('ada', 'Ada', { hand_raised_at: now.toISOString() }),
  ],
  hands: [{ user_id: 'ada', name: 'Ada', raised_at: now.toISOString() }],
  timer: {
    status: 'running',
    duration_seconds: 300,
    ends_at: new Date(now.getTime() + 125_000).toISOString(),
    remaining_ms: null,
  },
  poll: null,
  media_mode: 'mesh',
  ice_servers: [],
  server_now: now.toISOString(),
  ...overrides,
});

const message: LiveChatMessage = {
  id: '6f1c1c6e-0000-4000-8000-0000000000aa',
  user_id: 'ada',
  name: 'Ada',
  body: 'Hello everyone',
  created_at: now.toISOString(),
};

let calls: { method: string; path: string; body: unknown }[];
let attendees: LiveAttendee[] = [];

function serve({ lobbyAnswer, state }: { lobbyAnswer: Response | (() => Response); state: LiveRoomState }) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status });
      if (path === base) return typeof lobbyAnswer === 'function' ? lobbyAnswer() : lobbyAnswer.clone();
      if (path === `${base}/enter` || path === `${base}/state` || path === `${base}/hand`) return json(state);
      if (path === `${base}/messages` && method === 'GET') return json({ messages: [message], next_before: null });
      if (path === `${base}/messages` && method === 'POST') {
        return json({
          ...message,
          id: '6f1c1c6e-0000-4000-8000-0000000000bb',
          body: body.body,
          user_id: state.me.user_id,
          name: 'Me',
        });
      }
      if (path === `${base}/attendance`) return json({ attendees });
      if (path === `${base}/leave`) return new Response(null, { status: 204 });
      return json({ error: { code: 'not_found', message: path } }, 404);
    }),
  );
}

let socket: FakeSocket | null = null;
class FakeSocket {
  constructor() {
    socket = this;
  }
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  send() {}
  close() {}
}

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
  attendees = [];
  socket = null;
  await i18n.changeLanguage('en');
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the live room page', () => {
  it('before it opens, says when the room opens and enters nothing', async () => {
    serve({ lobbyAnswer: new Response(JSON.stringify(lobby({ status: 'not_open_yet' }))), state: roomState('ada') });
    renderPage();
    expect(await screen.findByText(/The room opens .*10 minutes before the start/)).toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/enter'))).toBe(false);
  });

  it('tells a non-member why they cannot enter', async () => {
    const refused = { error: { code: 'not_a_member', message: 'no' } };
    serve({ lobbyAnswer: () => new Response(JSON.stringify(refused), { status: 403 }), state: roomState('ada') });
    renderPage();
    expect(await screen.findByText(/This room is for the host and people who said they are going/)).toBeInTheDocument();
  });

  it('a plan without the live hub is told which plan opens it, with the way to the plans', async () => {
    const refused = { error: { code: 'subscription_required', message: 'no', reasons: ['us'] } };
    serve({ lobbyAnswer: () => new Response(JSON.stringify(refused), { status: 402 }), state: roomState('ada') });
    renderPage();
    expect(await screen.findByRole('heading', { name: /Part of the Us plan/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toBeInTheDocument();
  });

  it('a learner sees who is here, the hand queue, the running timer and the chat history, and sends with Enter', async () => {
    serve({ lobbyAnswer: new Response(JSON.stringify(lobby())), state: roomState('ada') });
    const user = userEvent.setup();
    renderPage();

    const people = await screen.findByRole('list', { name: 'People in the room' });
    expect(within(people).getByText('Hana Host')).toBeInTheDocument();
    expect(within(people).getByText('Host')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Raised hands, first raised first' })).getByText('Ada'),
    ).toBeInTheDocument();
    expect(screen.getByRole('timer').textContent).toMatch(/^02:0[0-5]$/);
    expect(screen.queryByRole('button', { name: 'Start timer' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Mute/ })).toBeNull();

    const log = screen.getByRole('log', { name: 'Chat messages' });
    expect(log).toHaveAttribute('aria-live', 'polite');
    expect(await within(log).findByText('Hello everyone')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Message'), 'My question{Enter}');
    expect(await within(log).findByText('My question')).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'POST', path: `${base}/messages`, body: { body: 'My question' } });

    await user.click(screen.getByRole('button', { name: 'Lower hand' }));
    expect(calls).toContainEqual({ method: 'PUT', path: `${base}/hand`, body: { raised: false } });
  });

  it('the host gets moderation, timer, poll and attendance controls', async () => {
    serve({ lobbyAnswer: new Response(JSON.stringify(lobby())), state: roomState('host') });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Mute Ada in the chat' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make Ada the host' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lower the hand of Ada' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Delete the message from Ada for everyone' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start timer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(screen.getByLabelText('Question')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Attendance' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `${base}/attendance.csv`);
  });

  it("the host's attendance list follows people coming in, without a refresh", async () => {
    serve({ lobbyAnswer: new Response(JSON.stringify(lobby())), state: roomState('host') });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Attendance' });
    expect(within(table).queryByText('Grace')).toBeNull();

    attendees = [
      {
        user_id: 'grace',
        name: 'Grace',
        first_joined_at: new Date().toISOString(),
        last_left_at: null,
        total_minutes: 0,
        visits: 1,
      },
    ];
    const changed = { type: 'live_room_changed', sessionId: SESSION, change: 'presence' };
    socket?.onmessage?.({ data: JSON.stringify(changed) });
    expect(await within(table).findByText('Grace')).toBeInTheDocument();
    expect(within(table).getByText('Still here')).toBeInTheDocument();
  });

  it('with the room open in another tab too, this tab offers to take the call over', async () => {
    const state = roomState('ada');
    state.me = { ...state.me, call_tab: 'another-tab-0001' };
    serve({ lobbyAnswer: new Response(JSON.stringify(lobby())), state });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('You are in this call in another tab or window.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join with camera and microphone' })).toBeNull();
    const enters = () => calls.filter((call) => call.path === `${base}/enter`);
    // Opening the room took the call into this tab; the server answered that another tab holds it now.
    expect(enters()[0]?.body).toMatchObject({ claim: true, tab: expect.any(String) });
    const tab = (enters()[0]?.body as { tab: string } | undefined)?.tab;

    await user.click(screen.getByRole('button', { name: 'Use this tab for the call' }));
    expect(enters().at(-1)?.body).toEqual({ tab, claim: true });
  });

  it('when my other tab holding the call closes, this tab takes the call; closing this one tells the server another stays', async () => {
    const state = roomState('ada');
    state.me = { ...state.me, call_tab: 'another-tab-0001' };
    serve({ lobbyAnswer: new Response(JSON.stringify(lobby())), state });
    // The other tab of Ada's on this room, as the browser's channel between tabs carries it.
    const otherTab = new BroadcastChannel(`live-room:${SESSION}`);
    const heard: unknown[] = [];
    otherTab.onmessage = (event) => heard.push(event.data);
    try {
      renderPage();
      expect(await screen.findByText('You are in this call in another tab or window.')).toBeInTheDocument();
      const enters = () => calls.filter((call) => call.path === `${base}/enter`);
      await vi.waitFor(() => expect(heard).toContainEqual({ type: 'opened', tab: expect.any(String) }));
      const tab = (enters()[0]?.body as { tab: string } | undefined)?.tab;
      otherTab.postMessage({ type: 'here', tab: 'another-tab-0001' });
      const before = enters().length;

      // A tab that did not hold the call closes: nothing to take over.
      otherTab.postMessage({ type: 'closed', tab: 'some-third-tab-01' });
      // The tab holding the call closes: this tab takes it at once, not at its next heartbeat.
      otherTab.postMessage({ type: 'closed', tab: 'another-tab-0001' });
      await vi.waitFor(() => expect(enters()).toHaveLength(before + 1));
      expect(enters().at(-1)?.body).toEqual({ tab, claim: true });

      // Now this tab closes while another (it said it is here) stays: the server frees the call, the visit goes on.
      otherTab.postMessage({ type: 'opened', tab: 'yet-another-tab-1' });
      await vi.waitFor(() => expect(heard).toContainEqual({ type: 'here', tab }));
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
      await vi.waitFor(() => expect(calls.some((call) => call.path === `${base}/leave`)).toBe(true));
      expect(calls.find((call) => call.path === `${base}/leave`)?.body).toEqual({ tab, others_open: true });
      await vi.waitFor(() => expect(heard).toContainEqual({ type: 'closed', tab }));
    } finally {
      otherTab.close();
    }
  });

  it('the session owner who handed the host role over sees who holds it, and can take it back', async () => {
    // They handed it to Bea, who has left the room since: she is still named as the host.
    const state = roomState('host', { host_id: 'bea', host_name: 'Bea Brown' });
    state.me = { ...state.me, is_host: false, can_moderate: false, can_reclaim_host: true };
    serve({ lobbyAnswer: new Response(JSON.stringify(lobby())), state });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Host: Bea Brown')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Take the host role back' }));
    expect(calls).toContainEqual({ method: 'POST', path: `${base}/host`, body: { user_id: 'host' } });
  });

  it('with a meeting URL offers it in a new tab instead of the call', async () => {
    const state = roomState('ada', { media_mode: 'external' });
    state.session.meeting_url = 'https://meet.example.com/abc';
    serve({ lobbyAnswer: new Response(JSON.stringify(lobby())), state });
    renderPage();
    const link = await screen.findByRole('link', { name: 'Open meeting' });
    expect(link).toHaveAttribute('href', 'https://meet.example.com/abc');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('a seventh person is told the call is full', async () => {
    const state = roomState('ada');
    state.me.media = false;
    serve({ lobbyAnswer: new Response(JSON.stringify(lobby())), state });
    renderPage();
    expect(await screen.findByText(/The in-browser call takes up to 6 people and is full/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join with camera and microphone' })).toBeNull();
  });

  it('reads in Chinese and German', async () => {
    serve({ lobbyAnswer: new Response(JSON.stringify(lobby({ status: 'closed' }))), state: roomState('ada') });
    await i18n.changeLanguage('de');
    renderPage();
    expect(await screen.findByText('Diese Sitzung ist vorbei, ihr Raum ist geschlossen.')).toBeInTheDocument();
    cleanup();
    await i18n.changeLanguage('zh');
    renderPage();
    expect(await screen.findByText('此课程已结束，房间已关闭。')).toBeInTheDocument();
  });
});
