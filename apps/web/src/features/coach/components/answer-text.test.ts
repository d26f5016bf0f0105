import { describe, expect, it } from 'vitest';
import { answerText } from './answer-text';

describe('an answer as plain text', () => {
  it('drops quote, list, emphasis and heading marks and the passage references', () => {
    expect(
      answerText(
        '## Plan\n\nHere is **what** I would _study_ now [P1]:\n\n- Review cards\n1. Quiz\n\n> Plants make `sugar`.',
      ),
    ).toBe('Plan Here is what I would study now: Review cards Quiz Plants make sugar.');
  });

  it('keeps a link’s words and HTML as the text it was', () => {
    expect(answerText('See [the lesson](/course/1) and <b>this</b>.')).toBe('See the lesson and <b>this</b>.');
  });
});
