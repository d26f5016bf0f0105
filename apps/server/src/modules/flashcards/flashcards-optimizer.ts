import { computeParameters, FSRSBinding, FSRSBindingItem, FSRSBindingReview } from '@open-spaced-repetition/binding';
import { default_w, FSRSAlgorithm, type FSRSState, generatorParameters, migrateParameters } from 'ts-fsrs';
import type { OptimizerMetrics } from './flashcards-optimizer.table.ts';

/** One rating from the review log: the learner's local day number it happened on, oldest first per card. */
export type LoggedReview = { cardId: string; rating: number; day: number; wasNew: boolean };

type CardHistory = Array<{ rating: number; deltaT: number }>;

/**
 * Each card's ratings with the days since the one before (0 for the first and for same-day repeats). Only cards whose
 * log starts at their first sight are used: a history without its beginning would mislead the fit.
 */
export function cardHistories(reviews: LoggedReview[]): CardHistory[] {
  const histories: CardHistory[] = [];
  let current: CardHistory | null = null;
  let cardId: string | null = null;
  let lastDay = 0;
  for (const review of reviews) {
    if (review.cardId !== cardId) {
      cardId = review.cardId;
      current = review.wasNew ? [] : null;
      if (current) histories.push(current);
      lastDay = review.day;
    }
    if (!current) continue;
    current.push({ rating: review.rating, deltaT: current.length === 0 ? 0 : Math.max(0, review.day - lastDay) });
    lastDay = review.day;
  }
  return histories.filter((history) => history.length > 1);
}

/** The optimizer's training items: every review after a card's first, with the history that led to it. */
const trainingItems = (histories: CardHistory[]) =>
  histories.flatMap((history) => {
    const reviews = history.map(({ rating, deltaT }) => new FSRSBindingReview(rating, deltaT));
    return reviews.slice(1).map((_, index) => new FSRSBindingItem(reviews.slice(0, index + 2)));
  });

/**
 * The mean recall FSRS predicted with these weights for the reviews a day or more after the one before, replaying
 * each card's history, and how many of those reviews were in fact recalled (not rated Again).
 */
export function retentionOf(histories: CardHistory[], weights: readonly number[]) {
  const algorithm = new FSRSAlgorithm(generatorParameters({ w: [...weights] }));
  let predicted = 0;
  let recalled = 0;
  let count = 0;
  for (const history of histories) {
    let state: FSRSState | null = null;
    for (const { rating, deltaT } of history) {
      if (state && deltaT > 0) {
        predicted += algorithm.forgetting_curve(deltaT, state.stability);
        recalled += rating > 1 ? 1 : 0;
        count += 1;
      }
      state = algorithm.next_state(state, deltaT, rating);
    }
  }
  return { expected: count ? predicted / count : 0, actual: count ? recalled / count : 0 };
}

export const DEFAULT_WEIGHTS: readonly number[] = default_w;

/**
 * Fits FSRS-6 weights to the learner's review log with the FSRS reference optimizer (fsrs-rs, run natively on a
 * libuv worker thread, so the event loop stays free) and measures both parameter sets on the same log: log-loss and
 * binned RMSE of predicted recall (lower is better), and the mean predicted against the actual retention. The same
 * log always gives the same weights.
 */
export async function optimizeWeights(
  reviews: LoggedReview[],
): Promise<{ weights: number[]; metrics: OptimizerMetrics }> {
  const histories = cardHistories(reviews);
  const items = trainingItems(histories);
  if (items.length === 0) throw new Error('No card was reviewed more than once.');
  const fitted = await computeParameters(items, { enableShortTerm: true, numRelearningSteps: 1 });
  const weights = [...migrateParameters(fitted)];
  if (weights.length !== DEFAULT_WEIGHTS.length || !weights.every(Number.isFinite)) {
    throw new Error('The optimizer returned unusable parameters.');
  }
  const evaluate = (w: readonly number[]) => {
    const result = new FSRSBinding([...w]).evaluate(items);
    return { logLoss: result.logLoss, rmse: result.rmseBins };
  };
  const before = retentionOf(histories, DEFAULT_WEIGHTS);
  const after = retentionOf(histories, weights);
  return {
    weights,
    metrics: {
      before: evaluate(DEFAULT_WEIGHTS),
      after: evaluate(weights),
      expectedRetention: { before: before.expected, after: after.expected },
      actualRetention: before.actual,
    },
  };
}
