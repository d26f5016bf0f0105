import { describe, expect, it } from 'vitest';
import { clozeNumbers, createNoteBodySchema, parseClozes, renderCloze, revealClozes } from './flashcards.ts';

describe('cloze deletions', () => {
  it('finds each deletion with its number, answer and hint', () => {
    expect(
      parseClozes('{{c1::Paris}} is the capital of {{c2::France::country}}; {{c1::it}} sits on the Seine.'),
    ).toEqual([
      { number: 1, answer: 'Paris', hint: null },
      { number: 2, answer: 'France', hint: 'country' },
      { number: 1, answer: 'it', hint: null },
    ]);
  });

  it('makes one card per distinct cloze number, in order', () => {
    expect(clozeNumbers('{{c3::c}} {{c1::a}} {{c3::again}} {{c10::j}}')).toEqual([1, 3, 10]);
    expect(clozeNumbers('No deletions here, only {braces} and {{not a cloze}}.')).toEqual([]);
  });

  it('hides only the asked number, shows its hint, and reveals it in the answer', () => {
    const text = '{{c1::Mitochondria}} make {{c2::ATP::a molecule}}.';
    expect(renderCloze(text, 2)).toEqual({
      prompt: 'Mitochondria make **[a molecule]**.',
      answer: 'Mitochondria make **ATP**.',
    });
    expect(renderCloze(text, 1).prompt).toBe('**[…]** make ATP.');
    expect(revealClozes(text)).toBe('**Mitochondria** make **ATP**.');
  });

  it('keeps Markdown and line breaks inside an answer', () => {
    expect(parseClozes('{{c1::**bold**\nline}}')[0]?.answer).toBe('**bold**\nline');
  });

  it('a card needs a back unless its front has a cloze, and numbers stay within c1…c50', () => {
    const deck_id = '00000000-0000-4000-8000-000000000000';
    expect(createNoteBodySchema.safeParse({ deck_id, front: 'Question only' }).success).toBe(false);
    expect(createNoteBodySchema.safeParse({ deck_id, front: '{{c1::Answer}} only' }).success).toBe(true);
    expect(createNoteBodySchema.safeParse({ deck_id, front: '{{c0::zero}}' }).success).toBe(false);
    expect(createNoteBodySchema.safeParse({ deck_id, front: '{{c51::too many}}' }).success).toBe(false);
    expect(createNoteBodySchema.parse({ deck_id, front: 'Q', back: 'A', tags: ['Bio', 'bio', 'cells'] }).tags).toEqual([
      'bio',
      'cells',
    ]);
  });
});
