import '@/lib/i18n';
import type { CoachMessage, CoachOverview, ConversationDetail } from '@portal/shared/coach';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { CoachPage } from './ai-coach';

const overview = (overrides: Partial<CoachOverview['usage']> = {}): CoachOverview => ({
  usage: { tier: 'me', limit: 30, used: 3, remaining: 27, day: '2026-11-25', ...overrides },
  suggestions: [
    { kind: 'study_now', topic: null },
    { kind: 'quiz', topic: 'Photosynthesis' },
  ],
  provider: 'grounded',
});

const message = (overrides: Partial<CoachMessage>): CoachMessage => ({
  id: 'm1',
  role: 'assistant',
  content: '',
  status: 'complete',
  citations: [],
  proposals: [],
  created_at: '2026-11-25T10:00:00.000Z',
  ...overrides,
});

const answer = message({
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
const question = message({ id: 'q1', role: 'user', content: 'What should I study now?' });

const sse = (events: { event: string; data: unknown }[], { end = true } = {}) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      for (const { event, data } of events)
        controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      if (end) controller.close();
    },
  });

type Call = { method: string; path: string; body: unknown; signal: AbortSignal | null | undefined };
let calls: Call[];

function serve({
  coach = overview(),
  detail = {
    conversation: { id: 'c1', title: '', created_at: '', updated_at: '' },
    messages: [],
  } as ConversationDetail,
  reply,
  stored = [],
  overviewStatus = 200,
}: {
  coach?: CoachOverview;
  detail?: ConversationDetail;
  /** Messages the server holds once a question was sent. */
  stored?: CoachMessage[];
  reply?: () => Response;
  overviewStatus?: number;
} = {}) {
  calls = [];
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
        return json({ conversation: detail.conversation }, 201);
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
}

function renderPage(entry = '/dashboard/learner/ai-coach?c=c1') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <CoachPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the study coach screen', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends with Enter, shows the streamed answer with its lesson links and announces it when done', async () => {
    serve({
      reply: () =>
        new Response(
          sse([
            { event: 'start', data: { user_message: question, usage: overview().usage } },
            { event: 'token', data: { text: 'Review your 2 due ' } },
            { event: 'token', data: { text: 'flashcards first.' } },
            { event: 'done', data: { message: answer, usage: overview().usage } },
          ]),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
      stored: [question, answer],
    });
    renderPage();
    expect(await screen.findByText('27 of 30 messages left today')).toBeTruthy();
    const box = screen.getByLabelText('Your message');
    await userEvent.type(box, 'What should I study now?{Enter}');

    const link = await screen.findByRole('link', { name: /Photosynthesis basics · Plant biology/ });
    expect(link.getAttribute('href')).toBe('/dashboard/learner/course/c9?lesson=l1');
    const sent = calls.find((call) => call.path.endsWith('/messages'));
    expect(sent?.body).toEqual({ content: 'What should I study now?', language: 'en' });
    await waitFor(() =>
      expect(document.querySelector('[aria-live="polite"].sr-only')?.textContent).toBe(
        'The coach answered: Review your 2 due flashcards first.',
      ),
    );
  });

  it('Shift+Enter makes a new line; the counter counts and a message over 2000 characters cannot be sent', async () => {
    serve();
    renderPage();
    const box = screen.getByLabelText('Your message') as HTMLTextAreaElement;
    await userEvent.type(box, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(box.value).toBe('line one\nline two');
    expect(screen.getByText(/^17 \/ 2000/)).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/messages'))).toBe(false);
    await userEvent.clear(box);
    box.focus();
    await userEvent.paste('x'.repeat(2001));
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });

  it('a suggestion asks its question', async () => {
    serve({ reply: () => new Response(sse([]), { headers: { 'content-type': 'text/event-stream' } }) });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Quiz me on Photosynthesis' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path.endsWith('/messages'))?.body).toEqual({
        content: 'Quiz me on Photosynthesis',
        language: 'en',
      }),
    );
  });

  it('Stop aborts the answer being written', async () => {
    serve({
      reply: () =>
        new Response(
          sse(
            [
              { event: 'start', data: { user_message: question, usage: overview().usage } },
              { event: 'token', data: { text: 'Review your' } },
            ],
            { end: false },
          ),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    });
    renderPage();
    await userEvent.type(screen.getByLabelText('Your message'), 'What should I study now?{Enter}');
    expect(await screen.findByText('Review your')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    const sent = calls.find((call) => call.path.endsWith('/messages'));
    expect(sent?.signal?.aborted).toBe(true);
    expect(await screen.findByText('Stopped — this is what the coach had said so far.')).toBeTruthy();
  });

  it('the answer being written already shows its bullets as a list', async () => {
    const tokens = ['Here is what I would study now:\n\n', '- Review your cards\n', '- Continue <b>Plant biology</b>'];
    serve({
      reply: () =>
        new Response(
          sse(
            [
              { event: 'start', data: { user_message: question, usage: overview().usage } },
              ...tokens.map((text) => ({ event: 'token', data: { text } })),
            ],
            { end: false },
          ),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    });
    renderPage();
    await userEvent.type(await screen.findByLabelText('Your message'), 'What now?{Enter}');
    const item = await screen.findByText('Continue <b>Plant biology</b>');
    expect(item.tagName).toBe('LI');
    expect(item.closest('ul')?.querySelectorAll('li')).toHaveLength(2);
    expect(document.querySelector('b')).toBeNull();
  });

  it('the daily limit shows which plan allows more, with a link to the plans', async () => {
    serve({
      reply: () =>
        new Response(
          JSON.stringify({ error: { code: 'subscription_required', message: 'Used up', reasons: ['us'] } }),
          { status: 402 },
        ),
    });
    renderPage();
    await userEvent.type(await screen.findByLabelText('Your message'), 'Hello{Enter}');
    expect(
      await screen.findByText("You have used all of today's coach messages. The Us plan allows more."),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/dashboard/subscription');
  });

  it('a provider failure says so and that the message was not counted', async () => {
    serve({
      reply: () =>
        new Response(
          sse([
            { event: 'start', data: { user_message: question, usage: overview().usage } },
            { event: 'error', data: { code: 'coach_unavailable', message: 'down', usage: overview().usage } },
          ]),
        ),
    });
    renderPage();
    await userEvent.type(await screen.findByLabelText('Your message'), 'Hello{Enter}');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The coach is unavailable right now. Try again later — this message was not counted.',
    );
  });

  it('suggested flashcards wait for Confirm, which writes them through the confirm route', async () => {
    const proposing = message({
      id: 'a2',
      content: 'Here are cards.',
      proposals: [
        {
          id: 'p1',
          kind: 'create_flashcards',
          status: 'pending',
          flashcards: { deck_name: 'Biology', cards: [{ front: 'Pigment?', back: 'Chlorophyll' }] },
        },
      ],
    });
    serve({
      detail: {
        conversation: { id: 'c1', title: 'Cards', created_at: '', updated_at: '' },
        messages: [question, proposing],
      },
    });
    renderPage();
    const proposals = await screen.findByRole('list', { name: 'Suggestions to confirm' });
    expect(within(proposals).getByText('Add 1 flashcard to the deck “Biology”')).toBeTruthy();
    await userEvent.click(within(proposals).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === 'POST' && call.path === '/api/coach/messages/a2/proposals/p1/confirm'),
      ).toBe(true),
    );
  });

  it('a plan without the coach shows the upgrade notice', async () => {
    serve({ overviewStatus: 402 });
    renderPage();
    expect(await screen.findByRole('link', { name: /plan|Plan/ })).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/messages'))).toBe(false);
  });
});
