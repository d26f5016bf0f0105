import { SUBSCRIPTION_OVERVIEW } from '@portal/shared/routes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { LearnerAnalytics } from './learner-analytics';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path.startsWith('/api/analytics/learner')) {
        const error = { code: 'subscription_required', message: 'This needs the me plan or higher.', reasons: ['me'] };
        return new Response(JSON.stringify({ error }), { status: 402 });
      }
      return new Response(JSON.stringify({ me: null }), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('learner analytics below its plan', () => {
  it('a 402 from the server shows the plan that unlocks it and a link to the plans page, not an error', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <LearnerAnalytics />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    const prompt = await screen.findByRole('region', { name: 'Part of the Me plan' });
    const link = screen.getByRole('link', { name: 'See plans' });
    expect(prompt).toContainElement(link);
    expect(link).toHaveAttribute('href', SUBSCRIPTION_OVERVIEW);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
