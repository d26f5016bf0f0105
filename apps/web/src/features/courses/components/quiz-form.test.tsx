import '@/lib/i18n';
import type { LearnerQuizQuestion, QuizAttemptResult } from '@portal/shared/course-catalogue';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuizForm } from './quiz-form';

const questions: LearnerQuizQuestion[] = [
  {
    id: 'q1',
    kind: 'single',
    prompt: 'Which planet is largest?',
    choices: [
      { id: 'a', text: 'Mars' },
      { id: 'b', text: 'Jupiter' },
    ],
  },
  {
    id: 'q2',
    kind: 'multiple',
    prompt: 'Which are prime?',
    choices: [
      { id: 'c', text: 'Two' },
      { id: 'd', text: 'Three' },
      { id: 'e', text: 'Four' },
    ],
  },
];

describe('quiz form', () => {
  afterEach(cleanup);
  it('refuses to submit until every question is answered and says which one is open', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<QuizForm questions={questions} passMark={70} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('radio', { name: 'Jupiter' }));
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('1 still open');
    expect(screen.getByRole('group', { name: /Which are prime/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('is answered with the keyboard: arrows pick a single choice, Space ticks several', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<QuizForm questions={questions} passMark={70} onSubmit={onSubmit} />);
    screen.getByRole('radio', { name: 'Mars' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Jupiter' })).toBeChecked();
    await user.tab();
    await user.keyboard(' ');
    await user.tab();
    await user.keyboard(' ');
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(onSubmit).toHaveBeenCalledWith({ q1: ['b'], q2: ['c', 'd'] });
  });

  it('shows the server’s score, pass or fail, per-question feedback and the right answers', () => {
    const result: QuizAttemptResult = {
      attempt_id: 'x',
      score: 50,
      passed: false,
      pass_mark: 70,
      submitted_at: new Date().toISOString(),
      questions: [
        { question_id: 'q1', correct: true, selected_choice_ids: ['b'], correct_choice_ids: ['b'], feedback: 'Yes!' },
        {
          question_id: 'q2',
          correct: false,
          selected_choice_ids: ['c'],
          correct_choice_ids: ['c', 'd'],
          feedback: 'Three is prime too.',
        },
      ],
    };
    render(<QuizForm questions={questions} passMark={70} onSubmit={vi.fn()} result={result} onRetry={vi.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent('50%: not passed yet');
    expect(screen.getByText('Three is prime too.')).toBeInTheDocument();
    expect(screen.getByText('Not quite')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Two/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Three/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
