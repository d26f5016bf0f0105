import '@/lib/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { SsoSignIn } from './sso-sign-in';

let requests: Array<{ path: string; body: unknown }>;

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ path, body });
      const json = (data: unknown, status = 200) =>
        new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
      if (body?.email === 'ann@acme.example') return json({ url: 'https://login.acme.example/authorize?x=1' });
      return json(
        { error: { code: 'sso_not_configured', message: 'Single sign-on is not set up for this email domain.' } },
        404,
      );
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderStep(entry = '/login') {
  const openProvider = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <SsoSignIn openProvider={openProvider} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup({ delay: null }), openProvider };
}

describe('continue with single sign-on', () => {
  it('asks for the work email and opens the provider of its domain', { timeout: 15_000 }, async () => {
    const { user, openProvider } = renderStep();
    await user.click(screen.getByRole('button', { name: 'Continue with single sign-on' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter your work email address.')).toBeInTheDocument();
    expect(requests).toEqual([]);

    await user.type(screen.getByLabelText('Work email'), 'ann@acme.example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(openProvider).toHaveBeenCalledWith('https://login.acme.example/authorize?x=1'));
    expect(requests).toEqual([{ path: '/api/auth/sso/start', body: { email: 'ann@acme.example' } }]);
  });

  it('says clearly when the domain has no single sign-on', async () => {
    const { user, openProvider } = renderStep();
    await user.click(screen.getByRole('button', { name: 'Continue with single sign-on' }));
    await user.type(await screen.findByLabelText('Work email'), 'bob@elsewhere.example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText(
        'Single sign-on is not set up for this email domain. Sign in with your password, or ask your administrator.',
      ),
    ).toBeInTheDocument();
    expect(openProvider).not.toHaveBeenCalled();
  });

  it('explains why a sign-in that came back from the provider did not complete', async () => {
    renderStep('/login?sso_error=account_suspended');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This account is suspended. Contact the site administrator if you think this is a mistake.',
    );
    expect(screen.getByLabelText('Work email')).toBeInTheDocument();
  });
});
