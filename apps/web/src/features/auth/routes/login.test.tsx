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
let signInAnswer: { status: number; body: unknown };

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

beforeEach(() => {
  requests = [];
  signedIn = false;
  signInAnswer = { status: 200, body: { twoFactorRequired: true } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const json = (data: unknown, status = 200) =>
        new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ path, body });
      if (path === '/api/account/sign-in') return json(signInAnswer.body, signInAnswer.status);
      if (path === '/api/account/sign-up') return json({ verification: 'email' }, 201);
      if (path === '/api/account/resend-verification') return json({ ok: true });
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

describe('when sign-in or sign-up cannot say more', () => {
  it('a refused password offers the confirmation link again, since an unconfirmed account reads the same', async () => {
    signInAnswer = {
      status: 401,
      body: { error: { code: 'invalid_credentials', message: 'Invalid login credentials.' } },
    };
    const user = renderLogin();
    await signInWithPassword(user);

    expect(await screen.findByText(/Wrong email, phone number or password\./)).toBeInTheDocument();
    // The way to confirm loads with the refusal.
    await user.click(await screen.findByRole('button', { name: 'Send the confirmation link again' }));
    expect(await screen.findByRole('button', { name: 'We sent a new link' })).toBeInTheDocument();
    expect(requests.find((request) => request.path === '/api/account/resend-verification')?.body).toEqual({
      email: 'tia@example.com',
    });
  });

  it('a locked account tells the user to wait or reset the password', async () => {
    signInAnswer = { status: 429, body: { error: { code: 'account_locked', message: 'Too many failed sign-ins.' } } };
    const user = renderLogin();
    await signInWithPassword(user);

    expect(
      await screen.findByText(
        'Too many failed sign-ins to this account. Wait 15 minutes, or reset your password to sign in now.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/reset-password');
  });

  it('after sign-up, says what the mail holds whether the address is new or already has an account', async () => {
    const user = renderLogin();
    await user.click(screen.getByRole('tab', { name: 'Create account' }));
    // The sign-up form loads with its tab.
    await user.type(await screen.findByLabelText('Email address'), 'tia@example.com');
    await user.type(screen.getByLabelText('Password'), 'lantern-otter-meadow-7');
    expect(await screen.findByText('Strong enough.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Check your email')).toBeInTheDocument();
    expect(screen.getByText(/If you already have an account with this address/)).toBeInTheDocument();
  });
});
