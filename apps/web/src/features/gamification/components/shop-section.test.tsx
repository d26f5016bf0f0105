import '@/lib/i18n';
import type { Shop } from '@portal/shared/gamification';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { ShopSection } from './shop-section';

const shop: Shop = {
  balance: 250,
  allowed: true,
  double_xp_until: null,
  items: [
    {
      id: 'streak_freeze',
      kind: 'streak_freeze',
      name: 'Streak freeze',
      cost: 200,
      max_held: 2,
      duration_minutes: null,
      held: 0,
      owned: false,
      equipped: false,
      unavailable: null,
    },
    {
      id: 'theme_ocean',
      kind: 'theme',
      name: 'Ocean theme',
      cost: 300,
      max_held: null,
      duration_minutes: null,
      held: 0,
      owned: false,
      equipped: false,
      unavailable: 'balance',
    },
  ],
};

let purchases: unknown[];
let answer: () => Response;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  purchases = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      if (path === '/api/gamification/shop/purchase') {
        purchases.push(JSON.parse(String(init.body)));
        return answer();
      }
      return new Response(JSON.stringify(shop), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderShop() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ShopSection shop={shop} />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('points shop', () => {
  it('asks before spending, then tells the learner the item is theirs', async () => {
    answer = () =>
      new Response(
        JSON.stringify({
          xp_awarded: 0,
          multiplier: 1,
          total_xp: 250,
          balance: 50,
          level: 2,
          leveled_up: false,
          new_badges: [],
          item_purchased: { id: 'streak_freeze', name: 'Streak freeze' },
          xp_spent: 200,
          duplicate: false,
          error: null,
        }),
        { status: 200 },
      );
    renderShop();

    await userEvent.click(screen.getByRole('button', { name: 'Buy Streak freeze' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Your balance afterwards: 50 XP/)).toBeInTheDocument();
    expect(purchases).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buy for 200 XP' }));

    expect(await screen.findByText('Purchase complete')).toBeInTheDocument();
    expect(purchases).toEqual([{ item_id: 'streak_freeze', idempotency_key: expect.any(String) }]);
  });

  it('a refused purchase shows "Purchase Failed" with the server text', async () => {
    answer = () =>
      new Response(
        JSON.stringify({ error: { code: 'insufficient_xp', message: 'Not enough XP: Streak freeze costs 200 XP.' } }),
        { status: 409 },
      );
    renderShop();

    await userEvent.click(screen.getByRole('button', { name: 'Buy Streak freeze' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Buy for 200 XP' }));

    expect(await screen.findByText('Purchase Failed')).toBeInTheDocument();
    expect(screen.getByText('Not enough XP: Streak freeze costs 200 XP.')).toBeInTheDocument();
  });

  it('a purchase that never reached the server shows the generic error text', async () => {
    answer = () => {
      throw new TypeError('network down');
    };
    renderShop();

    await userEvent.click(screen.getByRole('button', { name: 'Buy Streak freeze' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Buy for 200 XP' }));

    await waitFor(() =>
      expect(screen.getByText('Error: Failed to purchase item. Please try again.')).toBeInTheDocument(),
    );
  });

  it('an item the balance cannot cover cannot be bought, and says how much is missing', () => {
    renderShop();
    expect(screen.getByRole('button', { name: 'Buy Ocean theme' })).toBeDisabled();
    expect(screen.getByText('You need 50 more XP.')).toBeInTheDocument();
  });
});

describe('spec texts', () => {
  it('the XP and purchase error texts are word for word', () => {
    expect(i18n.t('gamification:toasts.awardFailed')).toBe('Error: Failed to award XP. Please try again.');
    expect(i18n.t('gamification:toasts.purchaseFailed')).toBe('Purchase Failed');
    expect(i18n.t('gamification:toasts.purchaseError')).toBe('Error: Failed to purchase item. Please try again.');
  });
});
