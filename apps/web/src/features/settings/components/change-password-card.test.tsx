import '@/lib/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangePasswordCard } from './security-tab';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

let sent: Record<string, unknown>[];
let answer: { status: number; body: unknown };

beforeEach(() => {
  toasts.success.mockReset();
  sent = [];
  answer = { status: 200, body: { ok: true } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      if (path === '/api/account/change-password') {
        sent.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify(answer.body), { status: answer.status });
      }
      return new Response(JSON.stringify({ error: { code: 'not_found', message: path } }), { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderCard = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ChangePasswordCard />
    </QueryClientProvider>,
  );

describe('changing the password in settings', () => {
  it('signs out the other devices unless asked not to, and says beside the field what is wrong', async () => {
    const user = userEvent.setup();
    renderCard();
    const current = screen.getByLabelText('Current password');
    const next = screen.getByLabelText('New password');
    expect((screen.getByLabelText('Sign out on all other devices') as HTMLInputElement).checked).toBe(true);

    await user.type(current, 'same-password-123');
    await user.type(next, 'same-password-123');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Choose a new password that differs from the current one.')).toBeTruthy();
    expect(sent).toEqual([]);

    answer = { status: 401, body: { error: { code: 'invalid_credentials', message: 'Wrong' } } };
    await user.clear(next);
    await user.type(next, 'granite owl whispers ten');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('That is not your current password.')).toBeTruthy();
    expect(sent.at(-1)).toEqual({
      currentPassword: 'same-password-123',
      newPassword: 'granite owl whispers ten',
      revokeOtherSessions: true,
    });
    expect(current.getAttribute('aria-invalid')).toBe('true');
  });

  it('says the password was updated, and in the card that every other device was signed out', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.type(screen.getByLabelText('Current password'), 'old-password-123');
    await user.type(screen.getByLabelText('New password'), 'granite owl whispers ten');
    await user.click(screen.getByRole('button', { name: 'Update password' }));

    expect(await screen.findByText('Every other device was signed out.')).toBeTruthy();
    expect(toasts.success).toHaveBeenCalledWith('Password updated', {
      description: 'Your password has been changed successfully.',
    });

    // Kept signed in elsewhere: the toast alone, nothing about other devices.
    await user.click(screen.getByLabelText('Sign out on all other devices'));
    await user.type(screen.getByLabelText('Current password'), 'granite owl whispers ten');
    await user.type(screen.getByLabelText('New password'), 'copper fox sings nine');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    await vi.waitFor(() => expect(toasts.success).toHaveBeenCalledTimes(2));
    expect(sent.at(-1)).toMatchObject({ revokeOtherSessions: false });
    expect(screen.queryByText('Every other device was signed out.')).toBeNull();
  });
});
