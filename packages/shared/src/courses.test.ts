import { describe, expect, it } from 'vitest';
import { createLessonBodySchema, quizQuestionInputSchema } from './course-authoring.ts';
import { slugSchema } from './course-fields.ts';
import { suggestSlug } from './course-rules.ts';

describe('course addresses', () => {
  it.each([
    ['Study skills that stick', 'study-skills-that-stick'],
    ['  Études & Übungen: Teil 2!  ', 'etudes-and-ubungen-teil-2'],
    ['Straße', 'strasse'],
    ['数据隐私', 'course'],
  ])('"%s" suggests "%s"', (title, slug) => {
    expect(suggestSlug(title)).toBe(slug);
    expect(slugSchema.safeParse(slug).success).toBe(true);
  });

  it('a suggestion never exceeds the maximum length or ends with a dash', () => {
    const slug = suggestSlug(`${'word '.repeat(40)}end`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
  });

  it.each(['Upper', 'two--dashes', '-leading', 'with space', 'ümlaut'])('"%s" is not a valid address', (slug) => {
    expect(slugSchema.safeParse(slug).success).toBe(false);
  });
});

describe('lesson input', () => {
  const question = {
    kind: 'single',
    prompt: 'Pick one',
    choices: [
      { text: 'A', correct: true },
      { text: 'B', correct: false },
    ],
  };

  it('a single-choice question needs exactly one right answer, a multiple-choice question at least one', () => {
    expect(quizQuestionInputSchema.safeParse(question).success).toBe(true);
    const twoRight = { ...question, choices: question.choices.map((choice) => ({ ...choice, correct: true })) };
    expect(quizQuestionInputSchema.safeParse(twoRight).success).toBe(false);
    expect(quizQuestionInputSchema.safeParse({ ...twoRight, kind: 'multiple' }).success).toBe(true);
    const noneRight = {
      ...question,
      kind: 'multiple',
      choices: question.choices.map((choice) => ({ ...choice, correct: false })),
    };
    expect(quizQuestionInputSchema.safeParse(noneRight).success).toBe(false);
  });

  it('videos by address need https and a length; uploads may leave the length to the file', () => {
    const video = (content: Record<string, unknown>) =>
      createLessonBodySchema.safeParse({ title: 'V', content: { kind: 'video', ...content } }).success;
    expect(video({ source: 'url', url: 'https://example.com/v.mp4', duration_seconds: 30 })).toBe(true);
    expect(video({ source: 'url', url: 'http://example.com/v.mp4', duration_seconds: 30 })).toBe(false);
    expect(video({ source: 'url', url: 'javascript:alert(1)', duration_seconds: 30 })).toBe(false);
    expect(video({ source: 'url', url: 'https://example.com/v.mp4' })).toBe(false);
    expect(video({ source: 'upload' })).toBe(true);
  });
});
