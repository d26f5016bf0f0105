import '@/lib/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepUnsent } from '../runtime/unsent-commits';
import { UnsentCommitsDelivery } from './unsent-commits-delivery';

let online = false;
let posted: string[] = [];

beforeEach(() => {
  window.localStorage.clear();
  online = false;
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      if (init.method !== 'POST') return Response.json({});
      if (!online) throw new TypeError('Failed to fetch');
      posted.push(path);
      return Response.json({ result: true, errorCode: 0 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('SCORM progress an earlier visit could not save', () => {
  it('is sent once the learner is signed in and online, wherever they are, and they are told', async () => {
    keepUnsent({
      userId: 'ada',
      attemptId: 'attempt-1',
      launch: 2,
      sequence: 7,
      body: JSON.stringify({ sco_id: 'sco-1', sequence: 7, launch: 2, cmi: { completion_status: 'completed' } }),
    });
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <Toaster />
        <UnsentCommitsDelivery userId="ada" />
      </QueryClientProvider>,
    );
    // Still offline as the portal opens: nothing is lost, nothing is said.
    await flush();
    expect(posted).toEqual([]);
    expect(window.localStorage.length).toBe(1);

    online = true;
    window.dispatchEvent(new Event('online'));
    await flush();
    expect(posted).toEqual(['/api/scorm/attempts/attempt-1/commit']);
    expect(window.localStorage.length).toBe(0);
    expect(
      await screen.findByText('Progress from your last visit that could not be saved then is saved now.'),
    ).toBeInTheDocument();
  });
});
