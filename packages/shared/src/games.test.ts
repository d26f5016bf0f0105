import { describe, expect, it } from 'vitest';
import { drawRound, forgedAnswers, gradeRound, type PoolItem } from './game-rounds.ts';
import { isSameAnswer, normalizeAnswer } from './games.ts';

describe('game answers', () => {
  it('ignore case, surrounding spaces and punctuation, accents and full-width forms', () => {
    expect(isSameAnswer('Zürich', ' zurich. ')).toBe(true);
    expect(isSameAnswer('Café au lait', 'CAFE  AU LAIT')).toBe(true);
    expect(isSameAnswer('Wien', 'ｗｉｅｎ')).toBe(true);
    expect(isSameAnswer('H2O', 'Ｈ２Ｏ')).toBe(true);
    expect(isSameAnswer('北京', '北京。')).toBe(true);
    expect(isSameAnswer('Paris', 'Rome')).toBe(false);
    expect(isSameAnswer('Paris', '   ')).toBe(false);
    expect(normalizeAnswer('  Ärger  im  Büro ')).toBe('arger im buro');
  });

  it('a round refuses answers for other items and grades first attempts', () => {
    const pool: PoolItem[] = ['a', 'b', 'c'].map((id) => ({
      id,
      prompt: `Prompt ${id}`,
      answer: `Answer ${id}`,
      origin: { kind: 'sample' },
    }));
    const items = drawRound(pool, { game: 'match', difficulty: 'easy' }, () => 0);
    expect(items).toHaveLength(3);
    if (!items) return;
    expect(forgedAnswers(items, 'match', [{ item_id: 'z', answer: 'a' }])).toMatch(/not part of this round/);
    expect(
      forgedAnswers(items, 'match', [
        { item_id: 'a', answer: 'a' },
        { item_id: 'a', answer: 'a' },
      ]),
    ).toMatch(/matched twice/);
    const graded = gradeRound(items, 'match', [
      { item_id: 'a', answer: 'b' },
      { item_id: 'a', answer: 'a' },
      { item_id: 'b', answer: 'b' },
    ]);
    expect(graded.score).toBe(1);
    expect(graded.results.map((result) => result.outcome).sort()).toEqual(['correct', 'missed', 'missed']);
    expect(drawRound(pool.slice(0, 2), { game: 'recall', difficulty: 'easy' }, () => 0)).toBeNull();
  });
});
