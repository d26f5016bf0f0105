import { describe, expect, it } from 'vitest';
import { emptyQuestion, findQuizProblems, hasQuizProblems, type QuizDraft, quizInputFrom } from './quiz-builder';

const question = (changes: Partial<ReturnType<typeof emptyQuestion>>) => ({ ...emptyQuestion(), ...changes });

describe('quiz builder checks', () => {
  it('accepts a complete single- and multiple-choice quiz and sends it in the contract shape', () => {
    const draft: QuizDraft = {
      pass_mark: 80,
      questions: [
        question({
          prompt: ' Capital of France? ',
          choices: [
            { key: 'a', text: 'Paris', correct: true },
            { key: 'b', text: 'Lyon', correct: false },
          ],
        }),
        question({
          kind: 'multiple',
          prompt: 'Even numbers',
          choices: [
            { key: 'c', id: '8d4c3a56-1111-4c8e-9a55-0b1f1e2f3a4b', text: '2', correct: true },
            { key: 'd', text: '4', correct: true },
            { key: 'e', text: '5', correct: false },
          ],
        }),
      ],
    };
    expect(hasQuizProblems(findQuizProblems(draft))).toBe(false);
    const input = quizInputFrom(draft);
    expect(input.questions[0]?.prompt).toBe('Capital of France?');
    expect(input.questions[1]?.choices[0]).toEqual({
      id: '8d4c3a56-1111-4c8e-9a55-0b1f1e2f3a4b',
      text: '2',
      correct: true,
    });
    expect(input.questions[1]?.choices[1]).toEqual({ text: '4', correct: true });
  });

  it('names each problem beside the question it belongs to', () => {
    const missingPrompt = question({ prompt: '' });
    const twoRight = question({
      prompt: 'Pick one',
      choices: [
        { key: 'a', text: 'A', correct: true },
        { key: 'b', text: 'B', correct: true },
      ],
    });
    const noneRight = question({
      kind: 'multiple',
      prompt: 'Pick some',
      choices: [
        { key: 'c', text: 'C', correct: false },
        { key: 'd', text: '', correct: false },
      ],
    });
    const problems = findQuizProblems({ pass_mark: 120, questions: [missingPrompt, twoRight, noneRight] });
    expect(problems.quiz).toEqual(['passMark']);
    expect(problems.questions[missingPrompt.key]).toContain('prompt');
    expect(problems.questions[twoRight.key]).toEqual(['oneCorrect']);
    expect(problems.questions[noneRight.key]).toEqual(['choiceText', 'someCorrect']);
  });
});
