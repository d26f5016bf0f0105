import '@/lib/i18n';
import type { AdminUserDetail, AdminUserRow } from '@portal/shared/admin-users';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminUser } from './admin-user';
import { AdminUsers } from './admin-users';

const row = (id: string, overrides: Partial<AdminUserRow> = {}): AdminUserRow => ({
  id,
  name: `Person ${id}`,
  email: `${id}@example.com`,
  phone_number: null,
  role: 'learner',
  tier: 'calm',
  status: 'active',
  beta_access: false,
  created_at: '2026-10-01T10:00:00.000Z',
  last_active_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const detail = (overrides: Partial<AdminUserDetail['user']> = {}): AdminUserDetail => ({
  user: {
    ...row('u1', { name: 'Lena Learner', email: 'lena@example.com' }),
    email_verified: true,
    two_factor_enabled: false,
    suspended_at: null,
    ...overrides,
  },
  profile: { display_name: 'Lena', bio: null, timezone: 'Europe/Berlin', primary_language: 'German' },
  subscription: {
    subscribed: true,
    tier: 'calm',
    status: 'active',
    provider: 'free',
    current_period_end: null,
    complimentary: false,
  },
  sessions: [
    {
      id: 's1',
      created_at: '2026-11-20T10:00:00.000Z',
      updated_at: '2026-11-21T10:00:00.000Z',
      expires_at: '2026-12-20T10:00:00.000Z',
      ip_address: '203.0.113.5',
      user_agent: 'Firefox on Linux',
    },
  ],
  recent_activity: [{ action: 'profile.update', created_at: '2026-11-19T10:00:00.000Z', by_admin: false }],
  xp: { total_xp: 320, level: 3 },
  enrolments: [{ course_id: 'c1', title: 'Intro to Focus', progress_percent: 40, completed_at: null }],
});

let calls: { method: string; url: URL; body: unknown }[];
let answers: Record<string, (url: URL, body: unknown) => [number, unknown]>;

function serve() {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const url = new URL(path, 'http://localhost');
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      const answer = answers[`${method} ${url.pathname}`];
      const [status, data] = answer ? answer(url, body) : [404, { error: { code: 'not_found', message: path } }];
      return new Response(JSON.stringify(data), { status });
    }),
  );
}

function renderAt(entry: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/dashboard/admin/users', element: <AdminUsers /> },
      { path: '/dashboard/admin/users/:userId', element: <AdminUser /> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

const listCalls = () => calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/admin/users');

describe('the admin users console', { timeout: 15_000 }, () => {
  beforeEach(() => {
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
    answers = {
      'GET /api/admin/users': (url) => {
        const q = url.searchParams.get('q');
        if (url.searchParams.get('cursor') === 'page2') return [200, { users: [row('u3')], next_cursor: null }];
        if (q) return [200, { users: [row('u9', { name: `Match ${q}` })], next_cursor: null }];
        return [200, { users: [row('u1'), row('u2', { status: 'suspended' })], next_cursor: 'page2' }];
      },
    };
    serve();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('searches once typing pauses, filters, sorts and exports the current filter', async () => {
    const user = userEvent.setup();
    renderAt('/dashboard/admin/users');
    expect(await screen.findByRole('link', { name: 'Person u1' })).toBeInTheDocument();
    expect(screen.getByText('2 users shown, more to load')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search users'), 'ann@ex');
    expect(await screen.findByRole('link', { name: 'Match ann@ex' }, { timeout: 3000 })).toBeInTheDocument();
    const searches = listCalls().filter((call) => call.url.searchParams.get('q'));
    expect(searches.map((call) => call.url.searchParams.get('q'))).toEqual(['ann@ex']);

    await user.selectOptions(screen.getByLabelText('Role'), 'instructor');
    await user.selectOptions(screen.getByLabelText('Last active'), 'i30');
    await waitFor(() => expect(listCalls().at(-1)?.url.search).toBe('?q=ann%40ex&role=instructor&inactiveDays=30'));
    await user.click(screen.getByRole('button', { name: 'Sort by Name' }));
    await waitFor(() => expect(listCalls().at(-1)?.url.searchParams.get('sort')).toBe('name'));
    expect(listCalls().at(-1)?.url.searchParams.get('order')).toBe('asc');
    expect(screen.getByRole('button', { name: 'Sort by Name' }).closest('th')).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/users/export.csv?q=ann%40ex&role=instructor&inactiveDays=30&sort=name&order=asc',
    );
  });

  it('loads the next page with the keyset cursor', async () => {
    const user = userEvent.setup();
    renderAt('/dashboard/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Person u3' })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(listCalls().at(-1)?.url.searchParams.get('cursor')).toBe('page2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('3 users shown')).toBeInTheDocument();
  });

  it('creates a user: checks the fields, sends name, email and role and confirms the invitation', async () => {
    const user = userEvent.setup();
    answers['POST /api/admin/users'] = () => [201, { id: 'new' }];
    renderAt('/dashboard/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Create user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a user' });
    await user.click(within(dialog).getByRole('button', { name: 'Create and invite' }));
    expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address.');
    await user.type(within(dialog).getByLabelText('Name'), 'Ina Invitee');
    await user.type(within(dialog).getByLabelText('Email'), 'ina@example.com');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'instructor');
    await user.click(within(dialog).getByRole('button', { name: 'Create and invite' }));
    expect(await screen.findByText('Invitation sent to ina@example.com.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Ina Invitee',
      email: 'ina@example.com',
      role: 'instructor',
    });
  });

  it("shows a user's page and suspends only after confirming, with the outcome as a toast", async () => {
    const user = userEvent.setup();
    let suspended = false;
    answers['GET /api/admin/users/u1'] = () => [
      200,
      detail(suspended ? { status: 'suspended', suspended_at: '2026-11-25T10:00:00.000Z' } : {}),
    ];
    answers['POST /api/admin/users/u1/suspend'] = () => {
      suspended = true;
      return [200, { ok: true, changed: true }];
    };
    renderAt('/dashboard/admin/users/u1');
    expect(await screen.findByRole('heading', { name: 'Lena Learner', level: 1 })).toBeInTheDocument();
    for (const section of ['Profile', 'Plan and progress', '1 active session', 'Recent activity', 'Courses']) {
      expect(screen.getByRole('heading', { name: section })).toBeInTheDocument();
    }
    expect(screen.getByText('320 XP · level 3')).toBeInTheDocument();
    expect(screen.getByText('Intro to Focus')).toBeInTheDocument();
    // The plan's status reads as words, not as its stored code.
    expect(screen.getByText('Plan status').nextElementSibling?.textContent).toBe('Active');

    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Suspend this account?' });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('The account is suspended and its sessions have ended.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname)).toEqual([
      '/api/admin/users/u1/suspend',
    ]);
  });

  it('explains a refused demotion of the last admin in the dialog and changes nothing', async () => {
    const user = userEvent.setup();
    answers['GET /api/admin/users/u1'] = () => [200, detail({ role: 'admin' })];
    answers['PUT /api/admin/users/u1/role'] = () => [
      409,
      { error: { code: 'last_admin', message: 'Only admin', reasons: ['last_admin'] } },
    ];
    renderAt('/dashboard/admin/users/u1');
    await user.selectOptions(await screen.findByLabelText('Role'), 'learner');
    await user.click(screen.getByRole('button', { name: 'Change role' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Change the role?' });
    await user.click(within(confirm).getByRole('button', { name: 'Change role' }));
    expect(
      await within(confirm).findByText('This is the only active admin. Make another user an admin first.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ role: 'learner' });
  });

  it('grants beta access through the beta programme route and deletes a user, returning to the list', async () => {
    const user = userEvent.setup();
    answers['GET /api/admin/users/u1'] = () => [200, detail()];
    answers['PUT /api/admin/beta/users/u1'] = () => [200, { beta_access: true }];
    answers['DELETE /api/admin/users/u1'] = () => [200, { ok: true, changed: true }];
    const router = renderAt('/dashboard/admin/users/u1');
    await user.click(await screen.findByRole('button', { name: 'Grant beta access' }));
    expect(await screen.findByText('Beta access was updated.')).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === '/api/admin/beta/users/u1')?.body).toEqual({ beta_access: true });

    await user.click(screen.getByRole('button', { name: 'Delete user' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this user?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByText('The user was deleted.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/admin/users'));
  });
});
