import '@/lib/i18n';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Login } from '@/features/auth/routes/login';
import { api } from '@/lib/api';
import { useMe } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { RealtimeBridge } from './realtime-bridge';
import { SessionEndedRedirect } from './session-ended-redirect';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** A browser WebSocket the test drives: it receives what the server would send. */
class FakeSocket {
  static open: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.open.push(this);
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  close() {
    this.closed = true;
  }
}

const me = {
  user: { id: 'user-1', name: 'Tia', email: 'tia@example.com', emailVerified: true, phoneNumber: null },
  role: 'learner',
};
let notesAnswer: { status: number; body: unknown };

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  FakeSocket.open = [];
  notesAnswer = { status: 200, body: { notes: [] } };
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      const json = (data: unknown, status = 200) =>
        new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
      if (path === '/api/me') return json({ me });
      if (path === '/api/notes') return json(notesAnswer.body, notesAnswer.status);
      return new Response(null, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function SignedInPage() {
  const { data } = useMe();
  const notes = useQuery({ queryKey: ['notes'], queryFn: () => api.get('/api/notes'), enabled: Boolean(data) });
  return (
    <p>
      Signed in as {data?.user.name ?? 'nobody'} {notes.isSuccess ? '(notes loaded)' : ''}
    </p>
  );
}

function renderSignedIn() {
  const client = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        element: <SessionEndedRedirect />,
        children: [
          { path: '/login', element: <Login /> },
          { path: '/dashboard/learner', element: <SignedInPage /> },
        ],
      },
    ],
    { initialEntries: ['/dashboard/learner'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RealtimeBridge />
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { client, router };
}

describe('a tab whose session the server ends', () => {
  it('on a suspension message it signs out, goes to /login and says the account is suspended', async () => {
    const { client, router } = renderSignedIn();
    expect(await screen.findByText(/Signed in as Tia/)).toBeInTheDocument();
    const socket = FakeSocket.open[0];
    expect(socket?.url).toMatch(/\/api\/realtime$/);

    socket?.receive({ type: 'session_ended', reason: 'suspended' });

    expect(
      await screen.findByText(
        'This account is suspended. Contact the site administrator if you think this is a mistake.',
      ),
    ).toHaveAttribute('role', 'alert');
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(client.getQueryData(['me'])).toBeNull();
    // The tab no longer holds a realtime connection.
    expect(socket?.closed).toBe(true);
  });

  it('tells a user signed out everywhere or deleted what happened, in their language', async () => {
    await i18n.changeLanguage('de');
    try {
      renderSignedIn();
      await screen.findByText(/Signed in as Tia/);
      FakeSocket.open[0]?.receive({ type: 'session_ended', reason: 'signed_out' });
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Ein Administrator hat Sie auf allen Geräten abgemeldet.',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
    cleanup();
    renderSignedIn();
    await screen.findByText(/Signed in as Tia/);
    FakeSocket.open.at(-1)?.receive({ type: 'session_ended', reason: 'deleted' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account has been deleted.');
  });

  it('a 401 on any API call while signed in sends the tab to /login; a wrong password does not', async () => {
    notesAnswer = { status: 401, body: { error: { code: 'invalid_credentials', message: 'Wrong password.' } } };
    const first = renderSignedIn();
    await screen.findByText(/Signed in as Tia/);
    await vi.waitFor(() => expect(first.client.getQueryState(['notes'])?.status).toBe('error'));
    expect(first.router.state.location.pathname).toBe('/dashboard/learner');
    cleanup();

    notesAnswer = { status: 401, body: { error: { code: 'unauthorized', message: 'User not authenticated' } } };
    const { router } = renderSignedIn();
    expect(await screen.findByText('Your session has ended. Sign in again to continue.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
