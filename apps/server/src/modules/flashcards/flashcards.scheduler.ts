import type { FlashcardRating, FlashcardState, Intervals } from '@portal/shared/flashcards';
import { type Card, fsrs, type Grade, generatorParameters, Rating, type ReviewLog, State } from 'ts-fsrs';

/** A card's FSRS memory state as stored. */
export type MemoryState = {
  state: number;
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  lastReview: Date | null;
};

export const RATING_GRADE: Record<FlashcardRating, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};
export const GRADE_RATING: Record<number, FlashcardRating> = { 1: 'again', 2: 'hard', 3: 'good', 4: 'easy' };
const STATE_NAMES: Record<number, FlashcardState> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};
export const stateName = (state: number): FlashcardState => STATE_NAMES[state] ?? 'new';

/**
 * Fuzz on, ts-fsrs' default (re)learning steps, the learner's desired retention, and FSRS-6 default weights unless
 * the learner's own were fitted to their reviews.
 */
export function schedulerFor(desiredRetention: number, weights?: readonly number[] | null) {
  return fsrs(
    generatorParameters({
      request_retention: desiredRetention,
      enable_fuzz: true,
      ...(weights ? { w: [...weights] } : {}),
    }),
  );
}

/** How a learner's cards are scheduled: desired retention, and their fitted weights (null: the defaults). */
export type Scheduling = { desiredRetention: number; now: Date; weights?: readonly number[] | null };

const toFsrsCard = (memory: MemoryState): Card => ({
  due: memory.due,
  stability: memory.stability,
  difficulty: memory.difficulty,
  elapsed_days: memory.elapsedDays,
  scheduled_days: memory.scheduledDays,
  learning_steps: memory.learningSteps,
  reps: memory.reps,
  lapses: memory.lapses,
  state: memory.state as State,
  ...(memory.lastReview ? { last_review: memory.lastReview } : {}),
});

const fromFsrsCard = (card: Card): MemoryState => ({
  state: card.state,
  due: card.due,
  stability: card.stability,
  difficulty: card.difficulty,
  elapsedDays: card.elapsed_days,
  scheduledDays: card.scheduled_days,
  learningSteps: card.learning_steps,
  reps: card.reps,
  lapses: card.lapses,
  lastReview: card.last_review ?? null,
});

/** The card after a rating, and the log ts-fsrs writes for it. */
export function rateCard(
  memory: MemoryState,
  rating: FlashcardRating,
  { desiredRetention, now, weights }: Scheduling,
): { next: MemoryState; log: ReviewLog } {
  const result = schedulerFor(desiredRetention, weights).next(toFsrsCard(memory), now, RATING_GRADE[rating]);
  return { next: fromFsrsCard(result.card), log: result.log };
}

/** When the card comes back after each of the four ratings, as the buttons show it. */
export function previewIntervals(memory: MemoryState, { desiredRetention, now, weights }: Scheduling): Intervals {
  const preview = schedulerFor(desiredRetention, weights).repeat(toFsrsCard(memory), now);
  const at = (grade: Grade) => {
    const due = preview[grade].card.due;
    return { due: due.toISOString(), seconds: Math.max(0, Math.round((due.getTime() - now.getTime()) / 1000)) };
  };
  return { again: at(Rating.Again), hard: at(Rating.Hard), good: at(Rating.Good), easy: at(Rating.Easy) };
}

/** Memory state stored with a review log (dates as ISO strings), and back. */
export const memoryToJson = (memory: MemoryState): Record<string, unknown> => ({
  ...memory,
  due: memory.due.toISOString(),
  lastReview: memory.lastReview?.toISOString() ?? null,
});
export const memoryFromJson = (json: Record<string, unknown>): MemoryState => {
  const value = json as Omit<MemoryState, 'due' | 'lastReview'> & { due: string; lastReview: string | null };
  return { ...value, due: new Date(value.due), lastReview: value.lastReview ? new Date(value.lastReview) : null };
};
