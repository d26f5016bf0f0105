import '@/lib/i18n';
import type { MyScormEnrollment, ScormEnrollmentStatus } from '@portal/shared/scorm';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MyScormEnrollments } from './my-scorm-enrollments';

const enrollment = (title: string, status: ScormEnrollmentStatus): MyScormEnrollment => ({
  id: `e-${title}`,
  package: { id: `p-${title}`, title, description: null },
  due_at: null,
  status,
  completed_scos: status === 'not_started' ? 0 : 1,
  total_scos: 2,
  launch_sco_id: `s-${title}`,
  last_launched_at: null,
  attempts: { count: 0, best_score: null, best: null, latest: null },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('my SCORM packages', () => {
  it('offers to launch a package not started, resume one in progress and open a finished one again', async () => {
    const enrollments = [
      enrollment('Safety', 'not_started'),
      enrollment('Golf', 'in_progress'),
      enrollment('Privacy', 'passed'),
      enrollment('Ethics', 'failed'),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ enrollments }), { status: 200 })),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <MyScormEnrollments />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const link = (name: string) => screen.findByRole('link', { name });
    expect((await link('Launch Safety')).getAttribute('href')).toBe('/scorm/launch/e-Safety/s-Safety');
    expect((await link('Resume Golf')).textContent).toBe('Resume');
    expect((await link('Open Privacy again')).textContent).toBe('Open again');
    expect(await link('Open Ethics again')).toBeTruthy();
  });
});
