import { describe, expect, it } from 'vitest';
import { createKeptPerLearner } from './kept-per-learner.ts';

describe('one value kept per learner', () => {
  it('answers only for the key it was kept under, until the learner moves on', () => {
    const kept = createKeptPerLearner<string>();
    kept.keep('ana', 'course-1', 'rows of course 1');
    expect(kept.get('ana', 'course-1')).toBe('rows of course 1');
    expect(kept.get('ana', 'course-2')).toBeUndefined();
    expect(kept.get('ben', 'course-1')).toBeUndefined();
    kept.keep('ana', 'course-2', 'rows of course 2');
    expect(kept.get('ana', 'course-1')).toBeUndefined();
    kept.update('ana', 'course-1', () => 'not kept');
    kept.update('ana', 'course-2', (rows) => `${rows}, saved`);
    expect(kept.get('ana', 'course-2')).toBe('rows of course 2, saved');
    kept.drop('ana');
    expect(kept.get('ana', 'course-2')).toBeUndefined();
  });

  it('forgets a value after its time and the learners kept longest past its size', () => {
    let now = 0;
    const kept = createKeptPerLearner<number>({ maxEntries: 2, ttlMs: 1_000, now: () => now });
    kept.keep('ana', 'k', 1);
    kept.keep('ben', 'k', 2);
    kept.keep('cy', 'k', 3);
    expect([kept.get('ana', 'k'), kept.get('ben', 'k'), kept.get('cy', 'k')]).toEqual([undefined, 2, 3]);
    now = 999;
    expect(kept.get('ben', 'k')).toBe(2);
    now = 1_000;
    expect(kept.get('ben', 'k')).toBeUndefined();
  });
});
