import { watchedSeconds } from '@portal/shared/progress';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StoredQuizQuestion } from '../courses/courses.table.ts';
import {
  creditWatchedRanges,
  gradeQuiz,
  InvalidQuizAnswer,
  isPdfFinished,
  isTextViewed,
  isVideoWatched,
  subtractRanges,
  watchBudgetSeconds,
} from './completion-rules.ts';

describe('watched video ranges', () => {
  it('subtracting what was already watched leaves only the new stretches', () => {
    expect(
      subtractRanges(
        [[0, 100]],
        [
          [10, 20],
          [50, 60],
        ],
      ),
    ).toEqual([
      [0, 10],
      [20, 50],
      [60, 100],
    ]);
    expect(subtractRanges([[10, 20]], [[0, 30]])).toEqual([]);
  });

  it('watching the same minute twice counts it once', () => {
    const first = creditWatchedRanges({ watched: [], reported: [[0, 60]], durationSeconds: 600, budgetSeconds: 1000 });
    const again = creditWatchedRanges({
      watched: first.watched,
      reported: [[0, 60]],
      durationSeconds: 600,
      budgetSeconds: 1000,
    });
    expect(first.creditedSeconds).toBe(60);
    expect(again.creditedSeconds).toBe(0);
    expect(again.watched).toEqual([[0, 60]]);
  });

  it('seeking to the end and reporting the whole video right away does not complete it', () => {
    // Ten seconds of real time allow at most 22 seconds of new watch time (2x speed plus slack).
    const report = creditWatchedRanges({
      watched: [],
      reported: [[0, 300]],
      durationSeconds: 300,
      budgetSeconds: watchBudgetSeconds(10),
    });
    expect(report.creditedSeconds).toBe(22);
    expect(report.capped).toBe(true);
    expect(isVideoWatched(watchedSeconds(report.watched), 300)).toBe(false);
  });

  it('watching 95% of the video in real time completes it, 94% does not', () => {
    expect(isVideoWatched(95, 100)).toBe(true);
    expect(isVideoWatched(94, 100)).toBe(false);
    expect(isVideoWatched(10, 0)).toBe(false);
  });

  it('ranges beyond the video length are cut to it', () => {
    const report = creditWatchedRanges({
      watched: [],
      reported: [[90, 500]],
      durationSeconds: 100,
      budgetSeconds: 1000,
    });
    expect(report.watched).toEqual([[90, 100]]);
  });

  it('the credited seconds never exceed the budget nor the new seconds reported (property)', () => {
    const range = fc
      .tuple(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 100 }))
      .map(([start, length]): [number, number] => [start, start + length]);
    fc.assert(
      fc.property(
        fc.array(range, { maxLength: 8 }),
        fc.array(range, { maxLength: 8 }),
        fc.nat(300),
        (old, reported, budget) => {
          const base = creditWatchedRanges({ watched: [], reported: old, durationSeconds: 450, budgetSeconds: 10_000 });
          const result = creditWatchedRanges({
            watched: base.watched,
            reported,
            durationSeconds: 450,
            budgetSeconds: budget,
          });
          expect(result.creditedSeconds).toBeLessThanOrEqual(budget + 1e-9);
          expect(watchedSeconds(result.watched)).toBeCloseTo(watchedSeconds(base.watched) + result.creditedSeconds, 6);
          expect(watchedSeconds(result.watched)).toBeLessThanOrEqual(450);
        },
      ),
    );
  });
});

describe('text and PDF lessons', () => {
  const opened = new Date('2026-01-01T10:00:00.000Z');

  it('a text lesson counts as read five seconds after the server first served it', () => {
    expect(isTextViewed(opened, new Date('2026-01-01T10:00:05.000Z'))).toBe(true);
    expect(isTextViewed(opened, new Date('2026-01-01T10:00:04.900Z'))).toBe(false);
    expect(isTextViewed(null, new Date('2026-01-01T10:00:05.000Z'))).toBe(false);
  });

  it('a PDF is finished on its last page only', () => {
    expect(isPdfFinished(12, 12)).toBe(true);
    expect(isPdfFinished(11, 12)).toBe(false);
  });
});

describe('grading a quiz', () => {
  const questions: StoredQuizQuestion[] = [
    {
      id: 'q1',
      kind: 'single',
      prompt: 'Two plus two?',
      choices: [
        { id: 'a', text: '4', correct: true },
        { id: 'b', text: '5', correct: false },
      ],
      feedback_correct: 'Right.',
      feedback_incorrect: 'Count again.',
    },
    {
      id: 'q2',
      kind: 'multiple',
      prompt: 'Which are even?',
      choices: [
        { id: 'c', text: '2', correct: true },
        { id: 'd', text: '3', correct: false },
        { id: 'e', text: '8', correct: true },
      ],
      feedback_correct: 'Yes, both.',
      feedback_incorrect: 'Even numbers divide by two.',
    },
  ];
  const quiz = { pass_mark: 100, questions };

  it('all right scores 100 and passes, with the right feedback', () => {
    const result = gradeQuiz(quiz, [
      { question_id: 'q1', choice_ids: ['a'] },
      { question_id: 'q2', choice_ids: ['e', 'c'] },
    ]);
    expect(result).toMatchObject({ score: 100, passed: true });
    expect(result.questions.map((question) => question.feedback)).toEqual(['Right.', 'Yes, both.']);
  });

  it('a multiple-choice question needs every correct choice and no wrong one', () => {
    const partly = gradeQuiz(quiz, [
      { question_id: 'q1', choice_ids: ['a'] },
      { question_id: 'q2', choice_ids: ['c'] },
    ]);
    expect(partly).toMatchObject({ score: 50, passed: false });
    expect(partly.questions[1]).toMatchObject({ correct: false, correct_choice_ids: ['c', 'e'] });

    const tooMany = gradeQuiz({ ...quiz, pass_mark: 50 }, [
      { question_id: 'q1', choice_ids: ['a'] },
      { question_id: 'q2', choice_ids: ['c', 'd', 'e'] },
    ]);
    expect(tooMany).toMatchObject({ score: 50, passed: true });
    expect(tooMany.questions[1]?.feedback).toBe('Even numbers divide by two.');
  });

  it('unanswered questions count as wrong', () => {
    expect(gradeQuiz(quiz, [])).toMatchObject({ score: 0, passed: false });
  });

  it.each([
    { label: 'an unknown question', answers: [{ question_id: 'q9', choice_ids: [] }] },
    { label: 'a choice of another question', answers: [{ question_id: 'q1', choice_ids: ['c'] }] },
    { label: 'two picks on a single-choice question', answers: [{ question_id: 'q1', choice_ids: ['a', 'b'] }] },
    {
      label: 'the same question twice',
      answers: [
        { question_id: 'q1', choice_ids: ['a'] },
        { question_id: 'q1', choice_ids: ['a'] },
      ],
    },
  ])('$label makes the submission invalid', ({ answers }) => {
    expect(() => gradeQuiz(quiz, answers)).toThrow(InvalidQuizAnswer);
  });
});
