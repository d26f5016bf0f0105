import {
  createEmptyCard,
  default_learning_steps,
  default_relearning_steps,
  default_w,
  fsrs,
  type Grade,
  Rating,
  State,
} from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { type MemoryState, memoryFromJson, memoryToJson, previewIntervals, rateCard } from './flashcards.scheduler.ts';

const newMemory = (at: Date): MemoryState => ({
  state: State.New,
  due: at,
  stability: 0,
  difficulty: 0,
  elapsedDays: 0,
  scheduledDays: 0,
  learningSteps: 0,
  reps: 0,
  lapses: 0,
  lastReview: null,
});

/** ts-fsrs configured by hand the way the portal promises: FSRS-6 weights, fuzz on, default steps. */
const reference = (retention: number) =>
  fsrs({
    w: default_w,
    request_retention: retention,
    enable_fuzz: true,
    enable_short_term: true,
    learning_steps: default_learning_steps,
    relearning_steps: default_relearning_steps,
  });

const NAMES = { [Rating.Again]: 'again', [Rating.Hard]: 'hard', [Rating.Good]: 'good', [Rating.Easy]: 'easy' } as const;

describe('scheduling', () => {
  it('FSRS-6 has 21 weights and ts-fsrs learns with 1m/10m steps', () => {
    expect(default_w).toHaveLength(21);
    const at = new Date('2026-03-01T09:00:00Z');
    const intervals = previewIntervals(newMemory(at), { desiredRetention: 0.9, now: at });
    expect(intervals.again.seconds).toBe(60);
    expect(intervals.good.seconds).toBe(600);
    expect(intervals.easy.seconds).toBeGreaterThanOrEqual(86_400);
  });

  it.each([0.7, 0.9, 0.97])('a year of ratings agrees with ts-fsrs step by step (retention %s)', (retention) => {
    const f = reference(retention);
    let at = new Date('2026-01-05T08:30:00Z');
    let ours = newMemory(at);
    let theirs = createEmptyCard(at);
    const grades: Grade[] = [
      Rating.Good,
      Rating.Good,
      Rating.Good,
      Rating.Again,
      Rating.Good,
      Rating.Hard,
      Rating.Easy,
    ];
    for (const grade of grades) {
      const expected = f.next(theirs, at, grade);
      const preview = previewIntervals(ours, { desiredRetention: retention, now: at });
      expect(preview[NAMES[grade]].due).toBe(expected.card.due.toISOString());
      const { next, log } = rateCard(ours, NAMES[grade], { desiredRetention: retention, now: at });
      expect(next.due.toISOString()).toBe(expected.card.due.toISOString());
      expect(next.stability).toBe(expected.card.stability);
      expect(next.difficulty).toBe(expected.card.difficulty);
      expect(next.state).toBe(expected.card.state);
      expect(log.rating).toBe(grade);
      // The stored JSON copy (kept for undo) is the same state.
      ours = memoryFromJson(JSON.parse(JSON.stringify(memoryToJson(next))));
      theirs = expected.card;
      at = new Date(next.due.getTime() + 3600_000);
    }
    expect(ours.reps).toBe(grades.length);
    expect(ours.lapses).toBe(1);
  });

  it('a higher desired retention brings a review card back sooner', () => {
    const at = new Date('2026-02-01T10:00:00Z');
    const learned = rateCard(newMemory(at), 'easy', { desiredRetention: 0.9, now: at }).next;
    const later = new Date(learned.due.getTime());
    const loose = previewIntervals(learned, { desiredRetention: 0.7, now: later }).good.seconds;
    const strict = previewIntervals(learned, { desiredRetention: 0.97, now: later }).good.seconds;
    expect(strict).toBeLessThan(loose);
  });
});
