import '@/lib/i18n';
import type { CheckoutSession } from '@portal/shared/billing';
import type { SubscriptionStatus } from '@portal/shared/tiers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { SubscriptionSuccess } from './subscription-success';

const paidSession: CheckoutSession = {
  id: 'cs_test_1',
  tier: 'me',
  interval: 'month',
  amount: 900,
  currency: 'eur',
  status: 'completed',
  paid: true,
  expires_at: '2026-01-01T11:00:00.000Z',
  cancel_path: '/choose-plan',
};

/** What the server holds: the checkout session (null: not this user's) and the plan. */
let session: CheckoutSession | null;
let status: SubscriptionStatus;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/me') {
        return Response.json({ me: { user: { id: 'u1', email: 'learner@example.com', name: 'L' }, role: 'learner' } });
      }
      if (path === '/api/subscription/check') return Response.json(status);
      if (path === '/api/billing/sessions/cs_test_1') {
        return session
          ? Response.json(session)
          : Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
      }
      return Response.json({}, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSuccess() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/subscription-success?session_id=cs_test_1']}>
        <SubscriptionSuccess />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the subscription success page', () => {
  it('says the payment is being confirmed until the server has the plan, then shows it with its renewal date', async () => {
    session = paidSession;
    status = { subscribed: true, subscription_tier: 'calm', current_period_end: null };
    renderSuccess();

    expect(await screen.findByRole('heading', { name: 'Confirming your payment...' })).toBeTruthy();
    expect(screen.queryByText(/Your Me plan is active/)).toBeNull();

    status = { subscribed: true, subscription_tier: 'me', current_period_end: '2026-02-01T10:00:00.000Z' };
    expect(await screen.findByRole('heading', { name: 'Your Me plan is active' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(/It renews on February 1, 2026/)).toBeTruthy();
  }, 15_000);

  it('another user’s or a made-up session id is a clear failure, never a plan', async () => {
    session = null;
    status = { subscribed: true, subscription_tier: 'calm', current_period_end: null };
    renderSuccess();

    expect(await screen.findByRole('heading', { name: 'Your plan was not activated' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/choose-plan');
  });

  it('a canceled checkout is a failure that leads back to where it started', async () => {
    session = { ...paidSession, status: 'canceled', paid: false, cancel_path: '/dashboard/subscription' };
    status = { subscribed: true, subscription_tier: 'calm', current_period_end: null };
    renderSuccess();

    expect(await screen.findByRole('heading', { name: 'Your plan was not activated' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/dashboard/subscription');
  });
});
