import '@/lib/i18n';
import type { ContactInbox, ContactMessage } from '@portal/shared/contact';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminContact } from './admin-contact';

const counts = { new: 2, answered: 1, closed: 0 };

const message = (overrides: Partial<ContactMessage> = {}): ContactMessage => ({
  id: 'm1',
  name: 'Ada Visitor',
  email: 'ada@example.com',
  topic: 'accessibility',
  status: 'new',
  has_account: false,
  created_at: '2026-11-20T09:30:00.000Z',
  updated_at: '2026-11-20T09:30:00.000Z',
  message: '<script>alert(1)</script> The captions are missing.',
  language: 'de',
  replies: [],
  ...overrides,
});

let calls: { method: string; path: string; body: unknown }[];

function serve() {
  calls = [];
  let current = message();
  const inboxes: Record<string, ContactInbox> = {
    new: {
      messages: [
        { ...message(), preview: current.message },
        { ...message({ id: 'm2', name: 'Bo Builder', topic: 'billing' }), preview: 'Invoice question' },
      ].map(({ replies: _r, message: _m, language: _l, updated_at: _u, ...summary }) => summary),
      next_cursor: null,
      counts,
    },
    answered: {
      messages: [
        {
          ...message({ id: 'm3', name: 'Cy Answered', status: 'answered' }),
          preview: 'Thanks!',
        },
      ].map(({ replies: _r, message: _m, language: _l, updated_at: _u, ...summary }) => summary),
      next_cursor: null,
      counts,
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status });
      const url = new URL(path, 'http://localhost');
      if (url.pathname === '/api/admin/contact') return json(inboxes[url.searchParams.get('status') ?? 'new']);
      if (url.pathname === '/api/admin/contact/m1/reply' && method === 'POST') {
        current = {
          ...current,
          status: 'answered',
          replies: [
            { id: 'r1', message: body.message, admin_name: 'Alex Admin', created_at: '2026-11-21T10:00:00.000Z' },
          ],
        };
        return json(current);
      }
      if (url.pathname === '/api/admin/contact/m1' && method === 'PATCH') {
        current = { ...current, status: body.status === 'closed' ? 'closed' : 'new' };
        return json(current);
      }
      if (url.pathname === '/api/admin/contact/m1') return json(current);
      if (path === '/api/me') return json({ me: null });
      return json({ error: { code: 'not_found', message: path } }, 404);
    }),
  );
}

function renderPage(entry = '/dashboard/admin/contact') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <AdminContact />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the admin contact inbox', () => {
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

  it('shows a tab per status with its count and lists the messages of the chosen one', async () => {
    const user = userEvent.setup();
    serve();
    renderPage();

    const list = await screen.findByRole('list', { name: 'New messages' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((item) => within(item).getByText(/Visitor|Builder/).textContent),
    ).toEqual(['Ada Visitor', 'Bo Builder']);
    const tabs = screen.getByRole('tablist', { name: 'Filter messages by status' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['New2', 'Answered1', 'Closed0']);

    await user.click(screen.getByRole('tab', { name: /Answered/ }));
    expect(await screen.findByRole('list', { name: 'Answered messages' })).toHaveTextContent('Cy Answered');
    expect(calls.map((call) => call.path)).toContain('/api/admin/contact?status=answered');
  });

  it('opens a message as plain text, sends a reply and shows it in the history', async () => {
    const user = userEvent.setup();
    serve();
    renderPage();

    await user.click(await screen.findByRole('button', { name: /Ada Visitor/ }));
    const detail = await screen.findByRole('article', { name: 'Accessibility' });
    expect(within(detail).getByText('<script>alert(1)</script> The captions are missing.')).toBeInTheDocument();
    expect(detail).toHaveTextContent('No reply has been sent yet.');

    await user.click(within(detail).getByRole('button', { name: 'Send reply' }));
    expect(within(detail).getByLabelText('Reply to ada@example.com')).toHaveAccessibleDescription(
      /Write a reply before sending\./,
    );
    await user.type(within(detail).getByLabelText('Reply to ada@example.com'), 'We are adding them this week.');
    await user.click(within(detail).getByRole('button', { name: 'Send reply' }));

    expect(await within(detail).findByText('Your reply was sent to ada@example.com.')).toBeInTheDocument();
    expect(within(detail).getByText('We are adding them this week.')).toBeInTheDocument();
    expect(within(detail).getByText(/Alex Admin replied on/)).toBeInTheDocument();
    expect(within(detail).getByText('Answered')).toBeInTheDocument();
    expect(within(detail).getByLabelText('Reply to ada@example.com')).toHaveValue('');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/admin/contact/m1/reply', body: { message: 'We are adding them this week.' } },
    ]);
  });

  it('opens the message named in the link of the admin mail, and closes and reopens it', async () => {
    const user = userEvent.setup();
    serve();
    renderPage('/dashboard/admin/contact?message=m1');

    const detail = await screen.findByRole('article', { name: 'Accessibility' });
    await user.click(within(detail).getByRole('button', { name: 'Close' }));
    expect(await within(detail).findByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(within(detail).getByText('Closed')).toBeInTheDocument();
    await user.click(within(detail).getByRole('button', { name: 'Reopen' }));
    expect(await within(detail).findByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { status: 'closed' },
      { status: 'open' },
    ]);
  });
});
