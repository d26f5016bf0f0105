import type { AdminAuditEvent, AdminAuditPage } from '@portal/shared/admin-overview';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { AdminAudit } from './admin-audit';

const event = (index: number, overrides: Partial<AdminAuditEvent> = {}): AdminAuditEvent => ({
  id: `e${index}`,
  action: `user.step_${index}`,
  table_name: 'users',
  record_id: 'u1',
  old_values: null,
  new_values: null,
  legal_basis: null,
  purpose: null,
  ip_address: null,
  created_at: new Date(Date.UTC(2026, 10, 25, 12, 0) - index * 60_000).toISOString(),
  actor: { id: 'a1', name: 'Ada Admin', email: 'ada@example.com' },
  target: { id: 'u1', name: 'Lee Learner', email: 'lee@example.com' },
  ...overrides,
});

const requested: URL[] = [];
let answer: (url: URL) => Response;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  requested.length = 0;
  answer = (url) => {
    const page: AdminAuditPage = url.searchParams.get('cursor')
      ? { events: [event(3)], next_cursor: null }
      : {
          events: [
            event(1, { old_values: { role: 'learner' }, new_values: { role: 'instructor' } }),
            event(2, { actor: null, target: { id: 'gone', name: null, email: null } }),
          ],
          next_cursor: 'next-page',
        };
    return new Response(JSON.stringify(page), { status: 200 });
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      const url = new URL(path, 'http://localhost');
      if (url.pathname === '/api/admin/audit') {
        requested.push(url);
        return answer(url);
      }
      return new Response(JSON.stringify({ me: null }), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderAudit = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AdminAudit />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('audit log viewer', () => {
  it('lists events newest first with who acted, whose data it was and the values before and after', async () => {
    renderAudit();

    const table = await screen.findByRole('table', { name: 'Audit events, newest first' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first as HTMLElement).getByText('user.step_1')).toBeInTheDocument();
    expect(within(first as HTMLElement).getByText('Ada Admin')).toBeInTheDocument();
    expect(first).toHaveTextContent('role:before: learner → after: instructor');
    expect(within(second as HTMLElement).getByText('The person themselves')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText('Deleted account')).toBeInTheDocument();
    expect(screen.getByText('2 events shown')).toBeInTheDocument();
  });

  it('a change to shared content names the admin who made it and no one as whose data it was', async () => {
    answer = () =>
      new Response(
        JSON.stringify({
          events: [event(1, { action: 'course.published', table_name: 'courses', target: null })],
          next_cursor: null,
        } satisfies AdminAuditPage),
        { status: 200 },
      );
    renderAudit();

    const table = await screen.findByRole('table', { name: 'Audit events, newest first' });
    const [, row] = within(table).getAllByRole('row');
    expect(within(row as HTMLElement).getByText('Course published')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('No one’s personal data')).toBeInTheDocument();
    expect(within(row as HTMLElement).queryByText('The person themselves')).not.toBeInTheDocument();
  });

  it('a package upload shows its size as the upload screens do, in the interface language', async () => {
    const upload = event(1, {
      action: 'scorm_package.uploaded',
      table_name: 'scorm_packages',
      target: null,
      new_values: { title: 'Fire safety', file_name: 'fire.zip', size_bytes: 12.34 * 1024 * 1024 },
    });
    answer = () => new Response(JSON.stringify({ events: [upload], next_cursor: null }), { status: 200 });
    await i18n.changeLanguage('de');
    renderAudit();

    const table = await screen.findByRole('table');
    const [, row] = within(table).getAllByRole('row');
    expect((row as HTMLElement).textContent?.replace(/\s/g, ' ')).toContain(
      'size_bytes:vorher: nicht erfasst → nachher: 12,3 MB',
    );
  });
  it('"Load more" asks for the next page by its cursor and adds it below', async () => {
    const user = userEvent.setup();
    renderAudit();
    await screen.findByText('user.step_1');

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('user.step_3')).toBeInTheDocument();
    expect(requested.at(-1)?.searchParams.get('cursor')).toBe('next-page');
    expect(screen.getByText('3 events shown')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('sends the filters together and refuses dates out of order before asking', async () => {
    const user = userEvent.setup();
    renderAudit();
    await screen.findByText('user.step_1');

    await user.type(screen.getByLabelText('Admin who acted'), 'ada@');
    await user.type(screen.getByLabelText('Action'), 'user.');
    await user.type(screen.getByLabelText('From'), '2026-03-05');
    await user.type(screen.getByLabelText('To'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByText('The start date must not be after the end date')).toBeInTheDocument();
    expect(requested).toHaveLength(1);

    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-03-09');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await vi.waitFor(() => expect(requested).toHaveLength(2));
    const query = requested[1]?.searchParams;
    expect(query?.get('actor')).toBe('ada@');
    expect(query?.get('action')).toBe('user.');
    expect(query?.get('from')).toBe('2026-03-05');
    expect(query?.get('to')).toBe('2026-03-09');
    expect(query?.has('target')).toBe(false);
  });

  it("shows the server's reason when it refuses a filter", async () => {
    answer = () =>
      new Response(JSON.stringify({ error: { code: 'validation_failed', message: 'This page link is not valid' } }), {
        status: 400,
      });
    renderAudit();

    expect(await screen.findByRole('alert')).toHaveTextContent('This page link is not valid');
  });
});
