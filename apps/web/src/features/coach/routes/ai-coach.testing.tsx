import type { CoachMessage, CoachOverview, ConversationDetail } from '@portal/shared/coach';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { CoachPage } from './ai-coach';

export const overview = (overrides: Partial<CoachOverview['usage']> = {}): CoachOverview => ({
  usage: { tier: 'me', limit: 30, used: 3, remaining: 27, day: '2026-11-25', ...overrides },
  suggestions: [
    { kind: 'study_now', topic: null },
    { kind: 'quiz', topic: 'Photosynthesis' },
  ],
  provider: 'grounded',
});

export const message = (overrides: Partial<CoachMessage>): CoachMessage => ({
  id: 'm1',
  role: 'assistant',
  content: '',
  status: 'complete',
  citations: [],
  proposals: [],
  created_at: '2026-11-25T10:00:00.000Z',
  ...overrides,
});

export const answer = message({
  id: 'a1',
  content: 'Review your 2 due flashcards first.',
  citations: [
    {
      lesson_id: 'l1',
      course_id: 'c9',
      lesson_title: 'Photosynthesis basics',
      course_title: 'Plant biology',
      url: '/dashboard/learner/course/c9?lesson=l1',
    },
  ],
});
export const question = message({ id: 'q1', role: 'user', content: 'What should I study now?' });

export const sse = (events: { event: string; data: unknown }[], { end = true } = {}) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      for (const { event, data } of events)
        controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      if (end) controller.close();
    },
  });

export const streamed = (events: { event: string; data: unknown }[], options?: { end?: boolean }) =>
  new Response(sse(events, options), { headers: { 'content-type': 'text/event-stream' } });

export const failure = (status: number, code: string, reasons: string[] = []) =>
  new Response(JSON.stringify({ error: { code, message: code, reasons } }), { status });

export type Call = { method: string; path: string; body: unknown; signal: AbortSignal | null | undefined };

/** Answers the coach's requests as the server would; returns every request made, in order. */
export function serve({
  coach = overview(),
  detail = {
    conversation: { id: 'c1', title: '', created_at: '', updated_at: '' },
    messages: [],
  } as ConversationDetail,
  reply,
  stored = [],
  overviewStatus = 200,
  create,
}: {
  coach?: CoachOverview;
  detail?: ConversationDetail;
  /** Messages the server holds once a question was sent. */
  stored?: CoachMessage[];
  reply?: () => Response;
  overviewStatus?: number;
  /** How starting a conversation goes, when not as usual (a thrown error stands for no connection). */
  create?: () => Response;
} = {}): Call[] {
  const calls: Call[] = [];
  let sent = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({
        method,
        path,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        signal: init.signal,
      });
      const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status });
      if (path === '/api/coach/overview') {
        return overviewStatus === 200
          ? json(coach)
          : json(
              { error: { code: 'subscription_required', message: 'Choose a plan', reasons: ['me'] } },
              overviewStatus,
            );
      }
      if (path === '/api/coach/conversations' && method === 'GET')
        return json({ conversations: [detail.conversation] });
      if (path === '/api/coach/conversations' && method === 'POST')
        return create ? create() : json({ conversation: detail.conversation }, 201);
      if (path === '/api/coach/conversations/c1' && method === 'GET') {
        return json(sent ? { ...detail, messages: [...detail.messages, ...stored] } : detail);
      }
      if (path.endsWith('/messages') && reply) {
        sent = true;
        return reply();
      }
      if (path.includes('/proposals/')) return json({ message: { ...answer, proposals: [] } });
      return json({ error: { code: 'not_found', message: path } }, 404);
    }),
  );
  return calls;
}

export function renderPage(entry = '/dashboard/learner/ai-coach?c=c1') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <CoachPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

export const announcement = () => document.querySelector('[aria-live="polite"].sr-only')?.textContent;
