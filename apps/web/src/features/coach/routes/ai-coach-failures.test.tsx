import '@/lib/i18n';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { announcement, failure, message, overview, question, renderPage, serve, streamed } from './ai-coach.testing';

const NEW_COACH = '/dashboard/learner/ai-coach';
const box = () => screen.getByLabelText('Your message') as HTMLTextAreaElement;
const sends = (calls: { path: string }[]) => calls.filter((call) => call.path.endsWith('/messages'));

describe('the study coach when sending goes wrong', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a first question whose conversation cannot be started stays in the box and says it was not sent', async () => {
    const calls = serve({
      create: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderPage(NEW_COACH);
    await userEvent.type(await screen.findByLabelText('Your message'), 'What should I study now?{Enter}');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Your message could not be sent. Check your connection and try again.',
    );
    expect(box().value).toBe('What should I study now?');
    expect(sends(calls)).toEqual([]);
    expect(announcement()).toBe('');
  });

  it('a link to a conversation that no longer exists says so and the next question starts a new one', async () => {
    const calls = serve({
      reply: () =>
        streamed([{ event: 'done', data: { message: message({ content: 'Hi' }), usage: overview().usage } }]),
    });
    renderPage(`${NEW_COACH}?c=deleted`);
    expect(
      await screen.findByText('That conversation no longer exists. What you send now starts a new conversation.'),
    ).toBeTruthy();
    await userEvent.type(box(), 'Hello{Enter}');
    await waitFor(() =>
      expect(sends(calls).map((call) => call.path)).toEqual(['/api/coach/conversations/c1/messages']),
    );
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/coach/conversations')).toBe(true);
  });

  it('a question sent to a conversation deleted meanwhile comes back into the box with that notice', async () => {
    serve({ reply: () => failure(404, 'not_found') });
    renderPage();
    await userEvent.type(await screen.findByLabelText('Your message'), 'Still there?{Enter}');
    expect(
      await screen.findByText('That conversation no longer exists. What you send now starts a new conversation.'),
    ).toBeTruthy();
    expect(box().value).toBe('Still there?');
    expect(screen.queryByText('Your message could not be sent. Check your connection and try again.')).toBeNull();
  });

  it('when the coach fails to answer, the question comes back into the box and “answering” is no longer announced', async () => {
    serve({
      reply: () =>
        streamed([
          { event: 'start', data: { user_message: question, usage: overview().usage } },
          { event: 'error', data: { code: 'coach_timeout', message: 'slow', usage: overview().usage } },
        ]),
    });
    renderPage();
    await userEvent.type(await screen.findByLabelText('Your message'), 'What should I study now?{Enter}');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The coach took too long to answer. Try again — this message was not counted.',
    );
    await waitFor(() => expect(box().value).toBe('What should I study now?'));
    expect(announcement()).toBe('');
  });

  it('Stop is announced instead of “the coach is answering”', async () => {
    serve({
      reply: () =>
        streamed(
          [
            { event: 'start', data: { user_message: question, usage: overview().usage } },
            { event: 'token', data: { text: 'Review' } },
          ],
          { end: false },
        ),
    });
    renderPage();
    await userEvent.type(await screen.findByLabelText('Your message'), 'What now?{Enter}');
    await screen.findByText('Review');
    expect(announcement()).toBe('The coach is answering.');
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(announcement()).toBe('The coach stopped answering.');
  });

  it('the finished answer is announced as plain text, without Markdown marks', async () => {
    const marked = message({ content: 'Here is **the plan**:\n\n- Review cards [P1]\n\n> Plants make sugar.' });
    serve({
      reply: () =>
        streamed([
          { event: 'start', data: { user_message: question, usage: overview().usage } },
          { event: 'done', data: { message: marked, usage: overview().usage } },
        ]),
      stored: [question, marked],
    });
    renderPage();
    await userEvent.type(await screen.findByLabelText('Your message'), 'What now?{Enter}');
    await waitFor(() =>
      expect(announcement()).toBe('The coach answered: Here is the plan: Review cards Plants make sugar.'),
    );
  });

  it('with no messages left today, Send is disabled with the reason and Enter sends nothing', async () => {
    const calls = serve({ coach: overview({ used: 30, remaining: 0 }) });
    renderPage();
    await screen.findByText('0 of 30 messages left today');
    await userEvent.type(box(), 'One more?{Enter}');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('No messages left today. You can send again tomorrow.')).toBeTruthy();
    expect(box().getAttribute('aria-describedby')).toContain(
      screen.getByText('No messages left today. You can send again tomorrow.').id,
    );
    expect(box().value).toBe('One more?');
    expect(sends(calls)).toEqual([]);
  });

  it('a question refused at the daily limit stays in the box, and Send is then disabled', async () => {
    serve({ reply: () => failure(402, 'subscription_required', ['us']) });
    renderPage();
    await userEvent.type(await screen.findByLabelText('Your message'), 'Hello{Enter}');
    await screen.findByText("You have used all of today's coach messages. The Us plan allows more.");
    expect(box().value).toBe('Hello');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a stored question that never got an answer says so', async () => {
    const unanswered = message({ id: 'q0', role: 'user', content: 'Lost question' });
    const later = message({ id: 'q2', role: 'user', content: 'Next question' });
    serve({
      detail: {
        conversation: { id: 'c1', title: 'Lost', created_at: '', updated_at: '' },
        messages: [unanswered, later, message({ id: 'a2', content: 'An answer' })],
      },
    });
    renderPage();
    await screen.findByText('Lost question');
    expect(screen.getAllByText('The coach did not answer this message.')).toHaveLength(1);
  });
});
