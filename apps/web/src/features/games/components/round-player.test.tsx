import '@/lib/i18n';
import type { GameRound, RoundResult } from '@portal/shared/games';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RoundAnswer, RoundPlayer } from './round-player';
import { RoundSummary } from './round-summary';

afterEach(cleanup);

const baseRound = {
  id: 'r1',
  difficulty: 'easy',
  timed: false,
  seconds: null,
  issued_at: '2026-01-01T00:00:00.000Z',
  expires_at: '2026-01-01T02:00:00.000Z',
} as const;

function play(round: GameRound) {
  const onFinish = vi.fn<(answers: RoundAnswer[], elapsedMs: number) => void>();
  render(<RoundPlayer round={round} onFinish={onFinish} />);
  return onFinish;
}

describe('games by keyboard', () => {
  it('Match: a term, then a definition; misses and matches are announced and the attempts handed back', async () => {
    const user = userEvent.setup();
    const onFinish = play({
      ...baseRound,
      game: 'match',
      items: [
        { id: 'a', prompt: 'Capital of France', choices: null, hint: null },
        { id: 'b', prompt: 'Capital of Austria', choices: null, hint: null },
      ],
      definitions: [
        { id: 'b', text: 'Wien' },
        { id: 'a', text: 'Paris' },
      ],
    });
    const terms = screen.getByRole('list', { name: 'Terms' });
    expect(terms.querySelector('button')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Capital of France' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Wien' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Not a match: Capital of France and Wien. Try again.');
    expect(screen.getByRole('button', { name: 'Capital of France' })).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Paris' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Matched: Capital of France with Paris. 1 pair left.');
    expect(screen.queryByRole('button', { name: 'Paris' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Capital of Austria' })).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(onFinish).toHaveBeenCalledTimes(1);
    expect(onFinish.mock.calls[0]?.[0]).toEqual([
      { item_id: 'a', answer: 'b' },
      { item_id: 'a', answer: 'a' },
      { item_id: 'b', answer: 'b' },
    ]);
  });

  it('Quiz sprint: number keys or Enter answer, Skip moves on, and the round ends after the last question', async () => {
    const user = userEvent.setup();
    const onFinish = play({
      ...baseRound,
      game: 'sprint',
      definitions: null,
      items: ['One', 'Two', 'Three'].map((prompt, index) => ({
        id: `q${index}`,
        prompt,
        hint: null,
        choices: [
          { id: 'a', text: `${prompt} A` },
          { id: 'b', text: `${prompt} B` },
        ],
      })),
    });
    expect(screen.getByRole('group', { name: 'One' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /One A/ })).toHaveFocus();
    await user.keyboard('2');
    expect(screen.getByRole('status')).toHaveTextContent('Answer saved. Question 2.');
    expect(screen.getByRole('button', { name: /Two A/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Skip question' }));
    expect(onFinish.mock.calls[0]?.[0]).toEqual([
      { item_id: 'q0', answer: 'b' },
      { item_id: 'q1', answer: 'a' },
    ]);
  });

  it('Recall: type and press Enter; the next prompt is announced and the field keeps focus', async () => {
    const user = userEvent.setup();
    const onFinish = play({
      ...baseRound,
      game: 'recall',
      definitions: null,
      items: [
        { id: 'x', prompt: 'Capital of France', choices: null, hint: 'P····' },
        { id: 'y', prompt: 'Capital of Austria', choices: null, hint: null },
      ],
    });
    const field = screen.getByLabelText('Your answer');
    expect(field).toHaveFocus();
    expect(screen.getByText('Hint: P····')).toBeInTheDocument();
    await user.keyboard('  paris {Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Answer saved. Item 2 of 2: Capital of Austria');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('');
    await user.keyboard('Wien{Enter}');
    expect(onFinish.mock.calls[0]?.[0]).toEqual([
      { item_id: 'x', answer: '  paris ' },
      { item_id: 'y', answer: 'Wien' },
    ]);
  });

  it('a timed round shows its clock and ends when the learner ends it', async () => {
    const user = userEvent.setup();
    const onFinish = play({
      ...baseRound,
      timed: true,
      seconds: 60,
      game: 'recall',
      definitions: null,
      items: [{ id: 'x', prompt: 'Capital of France', choices: null, hint: null }],
    });
    expect(screen.getByRole('timer')).toHaveTextContent('60 seconds left');
    await user.click(screen.getByRole('button', { name: 'End round' }));
    expect(onFinish).toHaveBeenCalledWith([], expect.any(Number));
  });
});

describe('RoundSummary', () => {
  it('lists missed items with a link to their lesson or deck and focuses its heading', () => {
    const result: RoundResult = {
      round_id: 'r1',
      game: 'recall',
      difficulty: 'easy',
      timed: true,
      score: 1,
      total: 3,
      elapsed_ms: 4200,
      new_best: true,
      best: null,
      xp_event: true,
      results: [
        {
          item_id: 'q:1',
          prompt: 'What fades fast?',
          expected: 'Memory',
          given: 'Time',
          outcome: 'missed',
          origin: { kind: 'lesson', course_id: 'c1', lesson_id: 'l1', title: 'Why we forget' },
        },
        {
          item_id: 'c:1:0',
          prompt: 'Capital of Austria',
          expected: 'Wien',
          given: null,
          outcome: 'missed',
          origin: { kind: 'deck', deck_id: 'd1', title: 'Capitals' },
        },
        {
          item_id: 'c:2:0',
          prompt: 'Capital of France',
          expected: 'Paris',
          given: 'paris',
          outcome: 'correct',
          origin: { kind: 'deck', deck_id: 'd1', title: 'Capitals' },
        },
      ],
    };
    render(
      <MemoryRouter>
        <RoundSummary result={result} signedIn onAgain={() => {}} onChange={() => {}} starting={false} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Round complete' })).toHaveFocus();
    expect(screen.getByText('1 of 3 correct')).toBeInTheDocument();
    expect(screen.getByText('New personal best!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review the lesson: Why we forget' })).toHaveAttribute(
      'href',
      '/dashboard/learner/course/c1?lesson=l1',
    );
    expect(screen.getByRole('link', { name: 'Open the deck: Capitals' })).toHaveAttribute(
      'href',
      '/dashboard/learner/flashcards/d1',
    );
    expect(screen.getByText('Not answered')).toBeInTheDocument();
    expect(screen.queryByText('Capital of France')).toBeNull();
  });
});
