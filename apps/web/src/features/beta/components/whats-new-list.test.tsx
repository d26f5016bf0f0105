import '@/lib/i18n';
import type { BetaFeed } from '@portal/shared/beta';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { WhatsNewButton } from './whats-new-button';

const FIRST = '6f1c1c6e-0000-4000-8000-000000000001';
const SECOND = '6f1c1c6e-0000-4000-8000-000000000002';
let feed: BetaFeed;
let requests: string[];

const update = (id: string, title: string, read: boolean, type: 'feature' | 'warning') => ({
  id,
  title,
  message: `${title} <em>details</em>`,
  type,
  created_at: '2026-11-20T10:00:00.000Z',
  read,
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
  requests = [];
  feed = {
    beta_access: true,
    unread_count: 2,
    updates: [update(SECOND, 'Offline mode', false, 'warning'), update(FIRST, 'Quick review', false, 'feature')],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      if (init.method === 'POST') {
        requests.push(path);
        const id = /updates\/([^/]+)\/read$/.exec(path)?.[1];
        feed = {
          ...feed,
          updates: feed.updates.map((item) => (id === undefined || item.id === id ? { ...item, read: true } : item)),
        };
        feed.unread_count = feed.updates.filter((item) => !item.read).length;
        return new Response(JSON.stringify({ unread_count: feed.unread_count }), { status: 200 });
      }
      return new Response(JSON.stringify(feed), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderButton() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <WhatsNewButton />
    </QueryClientProvider>,
  );
}

// The list's code loads on demand: under a busy test run that can take longer than a query's default wait.
const findPanel = () => screen.findByRole('dialog', { name: "What's new" }, { timeout: 10_000 });

describe("what's new", () => {
  it('shows beta users the unread count and the updates they missed, as text', async () => {
    const user = userEvent.setup();
    renderButton();

    const button = await screen.findByRole('button', { name: "What's new: 2 unread updates" });
    expect(button).toHaveTextContent('2');
    await user.click(button);

    const panel = await findPanel();
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Offline mode',
      'Quick review',
    ]);
    expect(within(items[0] as HTMLElement).getByText('Heads up')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('Offline mode <em>details</em>')).toBeInTheDocument();
    expect(panel.querySelector('em')).toBeNull();
    expect(within(panel).getByRole('status')).toHaveTextContent('2 unread updates');
  });

  it('marks one update read, then all, and the count follows', async () => {
    const user = userEvent.setup();
    renderButton();
    await user.click(await screen.findByRole('button', { name: /What's new/ }));
    const panel = await findPanel();

    await user.click(within(panel).getByRole('button', { name: 'Mark as read: Quick review' }));
    await waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent('1 unread update'));
    expect(within(panel).queryByRole('button', { name: 'Mark as read: Quick review' })).toBeNull();
    expect(screen.getByRole('button', { name: "What's new: 1 unread update" })).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent("You're all caught up."));
    expect(requests).toEqual([`/api/beta/updates/${FIRST}/read`, '/api/beta/updates/read-all']);
  });

  it('is not shown to users outside the beta programme', async () => {
    feed = { beta_access: false, unread_count: 0, updates: [] };
    renderButton();

    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
