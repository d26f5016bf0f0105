import '@/lib/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { Login } from './login';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const me = {
  user: { id: 'user-1', name: 'Tia', email: 'tia@example.com', emailVerified: true, phoneNumber: null },
  role: 'learner',
};

let requests: Array<{ path: string; body: unknown }>;
let signedIn: boolean;

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

beforeEach(() => {
  requests = [];
  signedIn = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const json = (data: unknown, status = 200) =>
        new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ path, body });
      if (path === '/api/account/sign-in') return json({ twoFactorRequired: true });
      if (path === '/api/account/two-factor/verify') {
        if (body.code !== '654321' && body.code !== 'abcde-12345') {
          return json({ error: { code: 'invalid_credentials', message: 'The code is not correct.' } }, 401);
        }
        signedIn = true;
        return json({ user: { id: 'user-1' }, token: 'token' });
      }
      if (path === '/api/me') return json({ me: signedIn ? me : null });
      return new Response(null, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderLogin() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<Login />} />
          <Route path="/dashboard/learner" element={<p>Learner home</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

async function signInWithPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email address'), 'tia@example.com');
  await user.type(screen.getByLabelText('Password'), 'a-good-password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('signing in with two-factor authentication', () => {
  it('asks for the authenticator code after the password, then opens the learner home', async () => {
    const user = renderLogin();
    await signInWithPassword(user);

    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Authentication code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not correct. Try again.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Learner home')).toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/api/account/two-factor/verify').at(-1)?.body).toEqual({
      code: '654321',
      trustDevice: false,
    });
  });

  it('accepts a backup code instead', async () => {
    const user = renderLogin();
    await signInWithPassword(user);

    await user.click(await screen.findByRole('button', { name: 'Use a backup code' }));
    await user.type(screen.getByLabelText('Backup code'), 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Learner home')).toBeInTheDocument();
  });
});
