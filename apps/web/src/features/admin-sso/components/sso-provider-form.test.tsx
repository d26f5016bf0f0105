import '@/lib/i18n';
import type { SsoProvider } from '@portal/shared/sso';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { SsoProviderForm } from './sso-provider-form';

const saved: SsoProvider = {
  id: '5b0f6c1e-1111-4222-8333-444455556666',
  slug: 'acme',
  name: 'Acme staff',
  issuer: 'https://login.acme.example',
  client_id: 'portal',
  has_secret: true,
  domains: ['acme.example', 'acme.org'],
  default_role: 'instructor',
  enabled: true,
  callback_url: 'https://portal.example/api/auth/sso/callback/acme',
  created_at: '2026-11-25T10:00:00.000Z',
  updated_at: '2026-11-25T10:00:00.000Z',
};

let requests: Array<{ method: string; path: string; body: unknown }>;
let answer: { status: number; body: unknown };

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  requests = [];
  answer = { status: 200, body: saved };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      requests.push({ method: init.method ?? 'GET', path, body: init.body ? JSON.parse(String(init.body)) : null });
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(provider?: SsoProvider) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SsoProviderForm {...(provider ? { provider } : {})} />
    </QueryClientProvider>,
  );
  return userEvent.setup({ delay: null });
}

describe('the single sign-on provider form', () => {
  it('adds a provider with its domains, role and secret', { timeout: 15_000 }, async () => {
    const user = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Acme staff');
    await user.type(screen.getByLabelText('Identifier'), 'acme');
    expect(screen.getByText(/\/api\/auth\/sso\/callback\/acme$/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Issuer URL'), 'https://login.acme.example');
    await user.type(screen.getByLabelText('Client ID'), 'portal');
    await user.click(screen.getByRole('button', { name: 'Add provider' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the client secret.');
    await user.type(screen.getByLabelText('Client secret'), 's3cret');
    await user.type(screen.getByLabelText('Email domains'), 'Acme.example, acme.org');
    await user.selectOptions(screen.getByLabelText('Role of new accounts'), 'instructor');
    await user.click(screen.getByRole('button', { name: 'Add provider' }));

    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toEqual({
      method: 'POST',
      path: '/api/admin/sso/providers',
      body: {
        name: 'Acme staff',
        slug: 'acme',
        issuer: 'https://login.acme.example',
        clientId: 'portal',
        clientSecret: 's3cret',
        domains: ['acme.example', 'acme.org'],
        defaultRole: 'instructor',
        enabled: true,
      },
    });
  });

  it('keeps the stored secret when the field is left empty, and never shows it', async () => {
    const user = renderForm(saved);
    const secret = screen.getByLabelText('Client secret');
    expect(secret).toHaveValue('');
    expect(screen.getByText('Leave empty to keep the current secret.')).toBeInTheDocument();
    expect(screen.getByLabelText('Identifier')).toBeDisabled();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Acme people');
    await user.click(screen.getByLabelText('Turned on'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.method).toBe('PATCH');
    expect(requests[0]?.path).toBe(`/api/admin/sso/providers/${saved.id}`);
    expect(requests[0]?.body).toEqual({
      name: 'Acme people',
      issuer: saved.issuer,
      clientId: 'portal',
      domains: ['acme.example', 'acme.org'],
      defaultRole: 'instructor',
      enabled: false,
    });
  });

  it('says when the issuer cannot be checked', async () => {
    answer = { status: 400, body: { error: { code: 'sso_discovery_failed', message: 'fetch failed' } } };
    const user = renderForm(saved);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The issuer's discovery document could not be fetched or is not valid. Check the issuer URL.",
    );
  });
});
