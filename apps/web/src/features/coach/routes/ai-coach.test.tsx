import '@/lib/i18n';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { answer, type Call, message, overview, question, renderPage, serve, sse } from './ai-coach.testing';

let calls: Call[];

describe('the study coach screen', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends with Enter, shows the streamed answer with its lesson links and announces it when done', async () => {
    calls = serve({
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
    calls = serve();
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
    calls = serve({ reply: () => new Response(sse([]), { headers: { 'content-type': 'text/event-stream' } }) });
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
    calls = serve({
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
    calls = serve({
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
    calls = serve({
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
    calls = serve({
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
    calls = serve({
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
    calls = serve({ overviewStatus: 402 });
    renderPage();
    expect(await screen.findByRole('link', { name: /plan|Plan/ })).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/messages'))).toBe(false);
  });
});
