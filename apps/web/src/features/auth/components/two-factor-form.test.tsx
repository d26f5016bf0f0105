import '@/lib/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TwoFactorForm } from './two-factor-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the two-factor step of signing in', () => {
  it('a code that signed in before is named as used, and the sign-in starts again', async () => {
    const error = { code: 'unauthorized', message: 'Used', reasons: ['code_reused'] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error }), { status: 401 })),
    );
    const onRestart = vi.fn();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TwoFactorForm onSignedIn={vi.fn()} onRestart={onRestart} />
      </QueryClientProvider>,
    );
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('This code was used already. Sign in again and enter the next code from your app.'),
    ).toBeTruthy();
  });
});
