import '@/lib/i18n';
import type { SubscriptionStatus } from '@portal/shared/tiers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { PaymentDueBanner } from './payment-due-banner';

let subscription: SubscriptionStatus;

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/me') {
        return Response.json({ me: { user: { id: 'u1', email: 'learner@example.com', name: 'L' }, role: 'learner' } });
      }
      if (path === '/api/subscription/check') return Response.json(subscription);
      if (path === '/api/profile') return Response.json({ profile: { date_format: 'EU', timezone: 'UTC' } });
      return Response.json({}, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderBanner() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PaymentDueBanner />
        <p>screen</p>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('payment due banner', () => {
  it('tells a learner whose renewal failed until when the plan stays and links to the subscription screen', async () => {
    await i18n.changeLanguage('de');
    subscription = {
      subscribed: true,
      subscription_tier: 'me',
      current_period_end: '2026-02-10T10:00:00.000Z',
      past_due_until: '2026-02-17T10:00:00.000Z',
    };
    renderBanner();
    expect(await screen.findByText('Ihre letzte Zahlung ist nicht eingegangen')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('17');
    expect(screen.getByRole('link', { name: 'Zahlungsmethode aktualisieren' }).getAttribute('href')).toBe(
      '/dashboard/subscription',
    );
  });

  it('stays hidden while payments are in order', async () => {
    await i18n.changeLanguage('en');
    subscription = { subscribed: true, subscription_tier: 'me', current_period_end: '2026-02-10T10:00:00.000Z' };
    renderBanner();
    const asked = () => vi.mocked(fetch).mock.calls.some(([path]) => path === '/api/subscription/check');
    await vi.waitFor(() => expect(asked()).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('screen')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
