/**
 * Flashcard statistics and the FSRS parameter optimizer.
 *   GET    /api/flashcards/stats?deck_id=       -> flashcardStatsSchema
 *   GET    /api/flashcards/optimizer            -> optimizerStatusSchema
 *   POST   /api/flashcards/optimizer            -> 202 optimizerStatusSchema (409 `not_enough_reviews` below the minimum)
 *   DELETE /api/flashcards/optimizer            -> optimizerStatusSchema (back to the default parameters)
 */
import { z } from 'zod';

/** Days of review history in the heatmap, and days ahead in the due forecast. */
export const STATS_HISTORY_DAYS = 365;
export const STATS_FORECAST_DAYS = 30;
/** A review card whose interval is this many days or more is mature (as Anki counts it). */
export const MATURE_INTERVAL_DAYS = 21;
/** Reviews the optimizer needs before it fits the learner's own parameters. */
export const OPTIMIZER_MIN_REVIEWS = 400;

export const statsQuerySchema = z.object({ deck_id: z.uuid().optional() }).strict();
export type StatsQuery = z.infer<typeof statsQuerySchema>;

export const RETENTION_PERIODS = ['today', 'yesterday', 'week', 'month', 'year'] as const;
export type RetentionPeriod = (typeof RETENTION_PERIODS)[number];

const passFailSchema = z.object({ passed: z.number().int(), failed: z.number().int() });
export type PassFail = z.infer<typeof passFailSchema>;

export const flashcardStatsSchema = z.object({
  time_zone: z.string(),
  today: z.string(),
  /** Days (local dates, oldest first) of the last year that had reviews. */
  reviews_by_day: z.array(z.object({ date: z.string(), reviews: z.number().int() })),
  /** Reviews of cards in review, not rated Again (passed) or rated Again (failed), young and mature apart. */
  retention: z.array(z.object({ period: z.enum(RETENTION_PERIODS), young: passFailSchema, mature: passFailSchema })),
  /** Cards falling due on each of the next days (today includes overdue cards), in order. */
  forecast: z.array(z.object({ date: z.string(), due: z.number().int() })),
  maturity: z.object({
    new: z.number().int(),
    learning: z.number().int(),
    young: z.number().int(),
    mature: z.number().int(),
    suspended: z.number().int(),
  }),
  totals: z.object({
    reviews: z.number().int(),
    /** Time spent answering, from the reviews that recorded it. */
    time_ms: z.number().int(),
    days_studied: z.number().int(),
  }),
});
export type FlashcardStats = z.infer<typeof flashcardStatsSchema>;

export const OPTIMIZER_STATES = ['default', 'running', 'optimized', 'failed'] as const;
export type OptimizerState = (typeof OPTIMIZER_STATES)[number];

/** How well a parameter set predicts the learner's recalls: lower is better for both. */
const fitSchema = z.object({ log_loss: z.number(), rmse: z.number() });
export type OptimizerFit = z.infer<typeof fitSchema>;

export const optimizerStatusSchema = z.object({
  state: z.enum(OPTIMIZER_STATES),
  review_count: z.number().int(),
  min_reviews: z.number().int(),
  /** Share of the learner's reviews (of cards already seen before) not rated Again. */
  actual_retention: z.number().nullable(),
  /** Mean predicted recall over those reviews with the default and with the fitted parameters. */
  expected_retention: z.object({ before: z.number(), after: z.number() }).nullable(),
  before: fitSchema.nullable(),
  after: fitSchema.nullable(),
  /** The parameters scheduling uses now; null while they are the FSRS defaults. */
  weights: z.array(z.number()).nullable(),
  optimized_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type OptimizerStatus = z.infer<typeof optimizerStatusSchema>;
