import '@/lib/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { BetaComposeForm } from './beta-compose-form';

let posted: unknown[];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      if (path === '/api/admin/beta/updates' && init.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posted.push(body);
        return new Response(
          JSON.stringify({ id: '6f1c1c6e-0000-4000-8000-000000000001', ...body, created_at: new Date().toISOString() }),
          { status: 200 },
        );
      }
      return new Response(JSON.stringify({ updates: [] }), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BetaComposeForm />
    </QueryClientProvider>,
  );
  return { preview: () => screen.getByRole('figure', { name: 'Preview of the toast' }) };
}

describe('composing a beta update', () => {
  it('previews the toast as testers will see it while the admin types, HTML shown as text', async () => {
    const user = userEvent.setup();
    const { preview } = renderForm();
    expect(within(preview()).getByText('Your title')).toBeInTheDocument();
    expect(within(preview()).getByText('New feature')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Title'));
    await user.paste('<b>Faster</b> decks');
    await user.click(screen.getByLabelText('Message'));
    await user.paste('Reviews load <script>x</script> quicker.');
    await user.selectOptions(screen.getByLabelText('Type'), 'warning');

    const card = preview();
    expect(within(card).getByText('<b>Faster</b> decks')).toBeInTheDocument();
    expect(within(card).getByText('Reviews load <script>x</script> quicker.')).toBeInTheDocument();
    expect(card.querySelector('b, script')).toBeNull();
    expect(within(card).getByText('Heads up')).toBeInTheDocument();
    expect(card.querySelector('[data-beta-type="warning"]')).not.toBeNull();
    expect(within(card).getByText('Dismiss')).toBeInTheDocument();
    expect(screen.getByText('19 of 120 characters')).toBeInTheDocument();
  });

  it('posts the update and says it was sent; the form is ready for the next one', async () => {
    const user = userEvent.setup();
    renderForm();

    await user.type(screen.getByLabelText('Title'), 'Dark mode');
    await user.click(screen.getByLabelText('Message'));
    await user.paste('Try it in settings.');
    await user.selectOptions(screen.getByLabelText('Type'), 'success');
    await user.click(screen.getByRole('button', { name: 'Post update' }));

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('“Dark mode” was sent to the beta users.'),
    );
    expect(posted).toEqual([{ title: 'Dark mode', message: 'Try it in settings.', type: 'success' }]);
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it('refuses an update without a title and sends nothing', async () => {
    const user = userEvent.setup();
    renderForm();

    await user.type(screen.getByLabelText('Message'), 'No title here');
    await user.click(screen.getByRole('button', { name: 'Post update' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Enter a title (up to 120 characters)');
    expect(posted).toEqual([]);
  });
});
