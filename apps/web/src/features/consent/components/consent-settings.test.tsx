import '@/lib/i18n';
import {
  CONSENT_PURPOSES,
  CONSENT_STORAGE_KEY,
  CONSENT_TYPES,
  type ConsentRecord,
  type CurrentConsent,
} from '@portal/shared/consent';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { ConsentSettings } from './consent-settings';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const record = (overrides: Partial<ConsentRecord>): ConsentRecord => ({
  id: crypto.randomUUID(),
  consent_type: 'analytics',
  is_granted: true,
  granted_at: '2030-01-01T10:00:00.000Z',
  withdrawn_at: null,
  legal_basis: 'consent',
  purpose: 'x',
  ip_address: '127.0.0.1',
  user_agent: null,
  created_at: '2030-01-01T10:00:00.000Z',
  ...overrides,
});

let current: CurrentConsent;
let history: ConsentRecord[];
let posts: Array<{ path: string; body: unknown }>;

beforeEach(() => {
  localStorage.clear();
  posts = [];
  current = {
    consents: [record({ consent_type: 'essential' }), record({ consent_type: 'analytics' })],
    preferences: { essential: true, analytics: true, marketing: false, functional: false },
    updated_at: '2030-01-01T10:00:00.000Z',
  };
  history = [
    record({ consent_type: 'analytics' }),
    record({ consent_type: 'marketing', is_granted: false, granted_at: null }),
    record({
      consent_type: 'functional',
      is_granted: false,
      withdrawn_at: '2030-01-02T10:00:00.000Z',
    }),
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const json = (data: unknown) =>
        new Response(JSON.stringify(data), { status: 200, headers: { 'content-type': 'application/json' } });
      if (init.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posts.push({ path, body });
        current = {
          ...current,
          preferences: { essential: true, analytics: false, marketing: false, functional: false },
          updated_at: '2030-01-03T10:00:00.000Z',
        };
        return json(current);
      }
      if (path === '/api/consent') return json(current);
      if (path === '/api/consent/history') return json({ history });
      return new Response(null, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSettings() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ConsentSettings />
    </QueryClientProvider>,
  );
}

describe('privacy and cookie settings', () => {
  it('shows the choices in force, essential always on', async () => {
    renderSettings();

    await waitFor(() => expect(screen.getByRole('switch', { name: 'Analytics' })).toBeChecked(), { timeout: 5000 });
    expect(screen.getByRole('switch', { name: /Essential/ })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Marketing' })).not.toBeChecked();
  });

  it('switching a category off withdraws that consent and keeps the result in this browser', async () => {
    renderSettings();
    const analytics = screen.getByRole('switch', { name: 'Analytics' });
    await waitFor(() => expect(analytics).toBeChecked());

    await userEvent.click(analytics);

    await waitFor(() =>
      expect(posts).toEqual([{ path: '/api/consent/withdraw', body: { consent_type: 'analytics' } }]),
    );
    await waitFor(() => expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? '{}').analytics).toBe(false));
  });

  it('switching a category on records a new choice', async () => {
    renderSettings();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Marketing' })).toBeEnabled());

    await userEvent.click(screen.getByRole('switch', { name: 'Marketing' }));

    await waitFor(() =>
      expect(posts).toEqual([{ path: '/api/consent', body: { analytics: true, marketing: true, functional: false } }]),
    );
  });

  it('lists every recorded decision with its date, category and whether it was granted or withdrawn', async () => {
    renderSettings();

    const table = await screen.findByRole('table', { name: 'Consent history' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Analytics',
      'Marketing',
      'Functional',
    ]);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual([
      'Granted',
      'Refused',
      'Withdrawn',
    ]);
    expect(within(rows[0] as HTMLElement).getByText('In force')).toBeVisible();
  });
});

describe('consent texts', () => {
  it('show in English the same purpose the server records', () => {
    const t = i18n.getFixedT('en', 'consent');
    for (const type of CONSENT_TYPES) expect(t(`categories.${type}.purpose`)).toBe(CONSENT_PURPOSES[type]);
  });

  it('use the spec words for the banner and dialog buttons', () => {
    const t = i18n.getFixedT('en', 'consent');
    expect(
      ['acceptAll', 'rejectNonEssential', 'customize', 'savePreferences', 'cancel'].map((key) => t(`actions.${key}`)),
    ).toEqual(['Accept All', 'Reject Non-Essential', 'Customize', 'Save Preferences', 'Cancel']);
  });
});
