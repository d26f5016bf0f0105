import '@/lib/i18n';
import { CONSENT_STORAGE_KEY, type CurrentConsent, DEFAULT_CONSENT_PREFERENCES } from '@portal/shared/consent';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQueryOptions } from '@/lib/auth';
import { CookieBanner } from './cookie-banner';

// jsdom has no ResizeObserver; the switches measure themselves with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

type Call = { method: string; path: string; body: unknown };

const learner = {
  me: {
    user: { id: 'u1', name: 'Lea', email: 'lea@example.com', emailVerified: true, phoneNumber: null },
    role: 'learner',
  },
};
const nothingRecorded: CurrentConsent = { consents: [], preferences: null, updated_at: null };

let calls: Call[];

/** Answers the API calls the banner makes, as the server would. */
function serve({ me, consent }: { me: unknown; consent?: CurrentConsent }) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      const json = (data: unknown, status = 200) =>
        new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
      if (path === '/api/me') return json(me);
      if (path === '/api/consent' && method === 'GET') {
        return consent ? json(consent) : json({ error: { code: 'unauthorized', message: 'no' } }, 401);
      }
      if (path === '/api/consent' && method === 'POST') {
        return json({
          consents: [],
          preferences: { essential: true, ...body },
          updated_at: new Date().toISOString(),
        });
      }
      return json({ error: { code: 'not_found', message: path } }, 404);
    }),
  );
}

function renderBanner() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <main>
        <h1>Page</h1>
      </main>
      <CookieBanner />
    </QueryClientProvider>,
  );
  return { client };
}

const stored = () => JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? 'null');
const banner = () => screen.findByRole('region', { name: 'We value your privacy' });
const consentPosts = () => calls.filter((call) => call.method === 'POST' && call.path === '/api/consent');

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the cookie banner for a visitor', () => {
  beforeEach(() => {
    serve({ me: { me: null } });
  });

  it('asks with every choice the spec names and links to the policies, without being a dialog', async () => {
    renderBanner();

    const region = await banner();
    for (const name of ['Accept All', 'Reject Non-Essential', 'Customize']) {
      expect(screen.getByRole('button', { name })).toBeVisible();
    }
    expect(screen.getByRole('button', { name: /close the cookie banner/i })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    expect(region).not.toHaveAttribute('aria-modal');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Accept All stores every category as allowed and closes', async () => {
    renderBanner();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept All' }));

    expect(stored()).toMatchObject({ essential: true, analytics: true, marketing: true, functional: true });
    expect(screen.queryByRole('region', { name: 'We value your privacy' })).toBeNull();
  });

  it('Reject Non-Essential keeps only essential and sends nothing while signed out', async () => {
    renderBanner();
    await userEvent.click(await screen.findByRole('button', { name: 'Reject Non-Essential' }));

    expect(stored()).toMatchObject(DEFAULT_CONSENT_PREFERENCES);
    expect(screen.queryByRole('region', { name: 'We value your privacy' })).toBeNull();
    expect(consentPosts()).toEqual([]);
  });

  it('the close button keeps only essential cookies', async () => {
    renderBanner();
    await userEvent.click(await screen.findByRole('button', { name: /close the cookie banner/i }));

    expect(stored()).toMatchObject(DEFAULT_CONSENT_PREFERENCES);
    expect(screen.queryByRole('region', { name: 'We value your privacy' })).toBeNull();
  });

  it('Customize offers a switch per category with its purpose and retention, and saves the chosen ones', async () => {
    renderBanner();
    await userEvent.click(await screen.findByRole('button', { name: 'Customize' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cookie preferences' });
    const essential = screen.getByRole('switch', { name: /Essential/ });
    expect(essential).toBeChecked();
    expect(essential).toBeDisabled();
    expect(essential).toHaveAccessibleDescription(/session or until you sign out/);
    expect(screen.getByRole('switch', { name: 'Analytics' })).toHaveAccessibleDescription(/26 months/);
    expect(screen.getByRole('switch', { name: 'Marketing' })).toHaveAccessibleDescription(/24 months/);
    expect(screen.getByRole('switch', { name: 'Functional' })).toHaveAccessibleDescription(/12 months/);
    for (const name of ['Analytics', 'Marketing', 'Functional']) {
      expect(screen.getByRole('switch', { name })).not.toBeChecked();
    }

    await userEvent.click(screen.getByRole('switch', { name: 'Analytics' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Preferences' }));

    expect(stored()).toMatchObject({ essential: true, analytics: true, marketing: false, functional: false });
    expect(dialog).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'We value your privacy' })).toBeNull();
  });

  it('Cancel leaves the choice open and the banner in place, focus back on Customize, which opens it again', async () => {
    renderBanner();
    const customize = await screen.findByRole('button', { name: 'Customize' });
    await userEvent.click(customize);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(stored()).toBeNull();
    expect(await banner()).toBeVisible();
    await waitFor(() => expect(customize).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Cookie preferences' })).toBeVisible();
  });

  it('stays away once a choice is stored', async () => {
    localStorage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({ ...DEFAULT_CONSENT_PREFERENCES, version: 1, saved_at: new Date().toISOString() }),
    );
    renderBanner();

    await waitFor(() => expect(calls.some((call) => call.path === '/api/me')).toBe(true));
    expect(screen.queryByRole('region', { name: 'We value your privacy' })).toBeNull();
  });
});

describe('the cookie banner for a signed-in learner', () => {
  it("adopts the account's choice without asking when this browser has none", async () => {
    serve({
      me: learner,
      consent: {
        consents: [],
        preferences: { ...DEFAULT_CONSENT_PREFERENCES, functional: true },
        updated_at: '2030-01-01T00:00:00.000Z',
      },
    });
    renderBanner();

    await waitFor(() => expect(stored()).toMatchObject({ functional: true, saved_at: '2030-01-01T00:00:00.000Z' }));
    expect(screen.queryByRole('region', { name: 'We value your privacy' })).toBeNull();
    expect(consentPosts()).toEqual([]);
  });

  it('asks when neither holds a choice, and records the answer on the account', async () => {
    serve({ me: learner, consent: nothingRecorded });
    renderBanner();

    await userEvent.click(await screen.findByRole('button', { name: 'Reject Non-Essential' }));

    await waitFor(() =>
      expect(consentPosts().map((call) => call.body)).toEqual([
        { analytics: false, marketing: false, functional: false },
      ]),
    );
    expect(screen.queryByRole('region', { name: 'We value your privacy' })).toBeNull();
  });

  it('sends a choice made before signing in to the account', async () => {
    localStorage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({
        ...DEFAULT_CONSENT_PREFERENCES,
        marketing: true,
        version: 1,
        saved_at: new Date().toISOString(),
      }),
    );
    serve({ me: learner, consent: nothingRecorded });
    renderBanner();

    await waitFor(() =>
      expect(consentPosts().map((call) => call.body)).toEqual([
        { analytics: false, marketing: true, functional: false },
      ]),
    );
    expect(screen.queryByRole('region', { name: 'We value your privacy' })).toBeNull();
  });

  it('sends a choice made on this page to the account as soon as the visitor signs in', async () => {
    serve({ me: { me: null } });
    const { client } = renderBanner();
    await userEvent.click(await screen.findByRole('button', { name: 'Reject Non-Essential' }));

    // What signing in does: forget every cached answer, then ask who is signed in.
    serve({ me: learner, consent: nothingRecorded });
    client.removeQueries();
    await client.fetchQuery(meQueryOptions());

    await waitFor(() =>
      expect(consentPosts().map((call) => call.body)).toEqual([
        { analytics: false, marketing: false, functional: false },
      ]),
    );
  });

  it('still asks when the account cannot be read', async () => {
    serve({ me: learner });
    renderBanner();

    expect(await banner()).toBeVisible();
  });
});
