import type { Deck } from '@portal/shared/flashcards';
import type { OptimizerStatus } from '@portal/shared/flashcards-stats';

/** A learner's optimizer status before any run, with these fields changed. */
export const optimizerStatus = (changes: Partial<OptimizerStatus> = {}): OptimizerStatus => ({
  state: 'default',
  review_count: 0,
  min_reviews: 400,
  actual_retention: null,
  expected_retention: null,
  before: null,
  after: null,
  weights: null,
  optimized_at: null,
  error: null,
  ...changes,
});

/** A deck of the learner's own as the decks list answers it. */
export const deck = (id: string, name: string): Deck => ({
  id,
  name,
  card_count: 1,
  due_count: 0,
  new_count: 0,
  created_at: '2026-03-01T00:00:00.000Z',
  course: null,
  read_only: false,
});
