import '@/lib/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { useSubscriptionStatus } from '../api/get-subscription-status';
import { PlanPicker } from './plan-picker';
import { RedeemCouponForm } from './redeem-coupon-form';

/** What the server answers to create-checkout and redeem-coupon, and what the page sent. */
let checkoutAnswer: () => Response;
let redeemAnswer: () => Response;
let sent: Array<{ path: string; body: unknown }>;
let statusReads: number;
let tab: { closed: boolean; opener: unknown; location: { href: string }; close: () => void };

beforeEach(async () => {
  await i18n.changeLanguage('en');
  sent = [];
  statusReads = 0;
  tab = {
    closed: false,
    opener: {},
    location: { href: '' },
    close() {
      this.closed = true;
    },
  };
  vi.stubGlobal(
    'open',
    vi.fn(() => tab),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      if (init.body) sent.push({ path, body: JSON.parse(String(init.body)) });
      if (path === '/api/me') {
        return Response.json({ me: { user: { id: 'u1', email: 'learner@example.com', name: 'L' }, role: 'learner' } });
      }
      if (path === '/api/subscription/check') {
        statusReads += 1;
        return Response.json({ subscribed: false });
      }
      if (path === '/api/subscription/checkout') return checkoutAnswer();
      if (path === '/api/subscription/redeem-coupon') return redeemAnswer();
      return Response.json({}, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The subscription status in use, as the app's route guards keep it, so a refresh reads it again. */
function StatusInUse() {
  useSubscriptionStatus({ enabled: true });
  return null;
}

function renderWithToasts(screenUnderTest: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <StatusInUse />
        {screenUnderTest}
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('create-checkout on the plan picker', () => {
  it('shows the four tiers with what each adds from the feature table, and no price', async () => {
    await i18n.changeLanguage('de');
    renderWithToasts(<PlanPicker currentTier={null} />);

    const tiers = await screen.findAllByRole('heading', { level: 2 });
    expect(tiers.map((heading) => heading.textContent)).toEqual(['Calm', 'Me', 'Us', 'Universal']);
    const cardOf = (tier: string) => document.querySelector(`[aria-labelledby="plan-${tier}-title"]`);
    expect(cardOf('me')?.textContent).toContain(i18n.t('plans:features.ai_coach'));
    expect(cardOf('us')?.textContent).toContain(i18n.t('plans:features.live_hub'));
    expect(cardOf('calm')?.textContent).not.toContain(i18n.t('plans:features.ai_coach'));
    // The coach's larger daily allowance is part of what Us adds; Universal adds it unlimited.
    expect(cardOf('us')?.textContent).toContain('Lerncoach (200 Nachrichten pro Tag)');
    expect(cardOf('universal')?.textContent).toContain(i18n.t('plans:features.unlimited_coach'));
    expect(cardOf('universal')?.textContent).not.toContain('Nachrichten pro Tag');
    expect(document.body.textContent).not.toMatch(/[€$£¥]|\d+[.,]\d{2}/);
    expect(screen.getByText(i18n.t('plans:pricesAtCheckout'))).toBeTruthy();
  });

  it("free access refreshes the subscription and says 'Success!'", async () => {
    checkoutAnswer = () => Response.json({ freeAccess: true, message: 'Free access granted' });
    const onFreeAccess = vi.fn();
    renderWithToasts(<PlanPicker currentTier={null} onFreeAccess={onFreeAccess} />);
    await waitFor(() => expect(statusReads).toBe(1));

    await userEvent.click(await screen.findByRole('button', { name: 'Start with Calm' }));

    expect(await screen.findByText('Success!')).toBeTruthy();
    expect(screen.getByText('Your free Calm plan is active.')).toBeTruthy();
    expect(sent).toContainEqual({ path: '/api/subscription/checkout', body: { tier: 'calm', interval: 'month' } });
    await waitFor(() => expect(statusReads).toBeGreaterThan(1));
    expect(onFreeAccess).toHaveBeenCalledOnce();
  });

  it('a checkout url opens in a new tab, with the coupon code sent along', async () => {
    checkoutAnswer = () => Response.json({ url: '/billing/sandbox/cs_test_1' });
    renderWithToasts(<PlanPicker currentTier="calm" />);

    await userEvent.type(await screen.findByLabelText(/Coupon code/), ' save25 ');
    await userEvent.click(screen.getByRole('button', { name: 'Choose Me' }));

    await waitFor(() => expect(tab.location.href).toBe('/billing/sandbox/cs_test_1'));
    expect(tab.opener).toBeNull();
    expect(await screen.findByText('The checkout opened in a new tab.')).toBeTruthy();
    expect(sent).toContainEqual({
      path: '/api/subscription/checkout',
      body: { tier: 'me', interval: 'month', couponCode: 'save25' },
    });
  });

  it("neither free access nor a url says 'No checkout URL received' and closes the empty tab", async () => {
    checkoutAnswer = () => Response.json({});
    renderWithToasts(<PlanPicker currentTier="calm" />);

    await userEvent.click(await screen.findByRole('button', { name: 'Choose Us' }));

    expect(await screen.findByText('No checkout URL received')).toBeTruthy();
    expect(tab.closed).toBe(true);
    expect(tab.location.href).toBe('');
  });
});

describe('redeem-coupon on the subscription screen', () => {
  it("a redeemed code refreshes the subscription and says 'Coupon Redeemed!'", async () => {
    redeemAnswer = () => Response.json({ success: true, message: 'Coupon Redeemed!' });
    renderWithToasts(<RedeemCouponForm />);
    await waitFor(() => expect(statusReads).toBe(1));

    await userEvent.type(screen.getByLabelText('Coupon code'), 'FREEMONTH');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));

    expect(await screen.findByText('Coupon Redeemed!')).toBeTruthy();
    expect(sent).toContainEqual({ path: '/api/subscription/redeem-coupon', body: { couponCode: 'FREEMONTH' } });
    await waitFor(() => expect(statusReads).toBeGreaterThan(1));
    expect((screen.getByLabelText('Coupon code') as HTMLInputElement).value).toBe('');
  });
});
