import '@/lib/i18n';
import type { Deck } from '@portal/shared/flashcards';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuizForm } from '@/features/courses/components/quiz-form';
import { DeckItem } from './deck-item';
import { QuizMistakeCardButton } from './make-card-button';
import { MistakesDialog } from './mistakes-dialog';
import { PassageCardAction } from './passage-card';

let posts: { url: string; body: Record<string, unknown> }[];
const deck = {
  id: 'm1',
  name: 'My mistakes',
  card_count: 1,
  due_count: 0,
  new_count: 1,
  created_at: '',
  course: null,
  read_only: false,
};

beforeEach(() => {
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const json = (data: unknown) => new Response(JSON.stringify(data), { status: 200 });
      if (init.method === 'POST') {
        posts.push({ url, body: JSON.parse(String(init.body)) });
        return json({ created: 2, skipped: 0, deck, note: {} });
      }
      if (url === '/api/flashcards/mistakes') {
        return json({
          mistakes: [
            {
              key: 'quiz:l1:q1',
              kind: 'quiz',
              question: 'Best habit?',
              correct_answer: 'Testing',
              learner_answer: 'Re-reading',
              lesson_id: 'l1',
              lesson_title: 'Quiz',
              course_id: 'c1',
              carded: false,
            },
            {
              key: 'scorm:p1:i1',
              kind: 'scorm',
              question: 'Order the steps',
              correct_answer: 'a, b',
              learner_answer: 'b, a',
              lesson_id: null,
              lesson_title: null,
              course_id: null,
              carded: false,
            },
            {
              key: 'quiz:l1:q2',
              kind: 'quiz',
              question: 'Carded already',
              correct_answer: 'x',
              learner_answer: 'y',
              lesson_id: 'l1',
              lesson_title: 'Quiz',
              course_id: 'c1',
              carded: true,
            },
          ],
        });
      }
      if (url === '/api/flashcards/decks') return json({ decks: [deck] });
      return new Response(JSON.stringify({ error: { code: 'not_found', message: url } }), { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWith(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('one-click cards', () => {
  it('"Cards from my mistakes" lists the mistakes without a card and makes them all into the default deck', async () => {
    const user = userEvent.setup();
    renderWith(<MistakesDialog />);
    await user.click(screen.getByRole('button', { name: 'Cards from my mistakes' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('2 mistakes have no card yet.')).toBeTruthy();
    expect(within(dialog).getByText('Right answer: Testing')).toBeTruthy();
    expect(within(dialog).queryByText('Carded already')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Make a card for “Order the steps”' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Make 2 cards' }));
    expect(posts).toEqual([{ url: '/api/flashcards/mistakes/cards', body: { deck_name: 'My mistakes' } }]);
  });

  it('a wrong quiz answer becomes a card with one click', async () => {
    const user = userEvent.setup();
    renderWith(<QuizMistakeCardButton lessonId="l1" questionId="q1" />);
    await user.click(screen.getByRole('button', { name: 'Make a card' }));
    expect(posts[0]?.body).toEqual({ keys: ['quiz:l1:q1'], deck_name: 'My mistakes' });
    expect(await screen.findByRole('button', { name: 'Card made' })).toBeTruthy();
  });

  it('a passage selected in a lesson offers "Make a flashcard"', async () => {
    const user = userEvent.setup();
    renderWith(
      <PassageCardAction lessonId="l1" lessonTitle="Why tests work">
        <p>Retrieval practice beats re-reading.</p>
      </PassageCardAction>,
    );
    expect(screen.queryByRole('button', { name: 'Make a flashcard' })).toBeNull();
    const text = screen.getByText('Retrieval practice beats re-reading.');
    const range = document.createRange();
    range.selectNodeContents(text);
    window.getSelection()?.removeAllRanges();
    window.getSelection()?.addRange(range);
    document.dispatchEvent(new Event('selectionchange'));
    await user.click(await screen.findByRole('button', { name: 'Make a flashcard' }));
    expect(posts[0]).toEqual({
      url: '/api/flashcards/from-passage',
      body: {
        lesson_id: 'l1',
        passage: 'Retrieval practice beats re-reading.',
        front: 'What does “Why tests work” say here?',
        deck_name: 'From my notes',
      },
    });
  });

  it('a course deck a learner studies shows its course and no edit controls', () => {
    const shared: Deck = {
      ...deck,
      id: 'c1',
      name: 'Course terms',
      course: { id: 'k1', title: 'Memory' },
      read_only: true,
    };
    renderWith(
      <ul>
        <DeckItem deck={shared} />
      </ul>,
    );
    expect(screen.getByText('From the course Memory · read-only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Rename/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('the quiz result offers "Make a card" under each question answered wrong, and only there', () => {
    renderWith(
      <QuizForm
        questions={[
          { id: 'q1', kind: 'single', prompt: 'Red planet?', choices: [{ id: 'a', text: 'Mars' }] },
          { id: 'q2', kind: 'single', prompt: 'Largest planet?', choices: [{ id: 'b', text: 'Jupiter' }] },
        ]}
        passMark={70}
        onSubmit={vi.fn()}
        result={{
          attempt_id: 'x',
          score: 50,
          passed: false,
          pass_mark: 70,
          submitted_at: new Date().toISOString(),
          questions: [
            { question_id: 'q1', correct: true, selected_choice_ids: ['a'], correct_choice_ids: ['a'], feedback: '' },
            { question_id: 'q2', correct: false, selected_choice_ids: [], correct_choice_ids: ['b'], feedback: '' },
          ],
        }}
        mistakeAction={(questionId) => <QuizMistakeCardButton lessonId="l1" questionId={questionId} />}
      />,
    );
    const buttons = screen.getAllByRole('button', { name: 'Make a card' });
    expect(buttons).toHaveLength(1);
    expect(buttons[0]?.closest('fieldset')?.textContent).toContain('Largest planet?');
  });
});
