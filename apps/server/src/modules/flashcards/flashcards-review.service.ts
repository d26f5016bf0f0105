import {
  DEFAULT_FLASHCARD_SETTINGS,
  type FlashcardSettings,
  type RateBody,
  type RateResult,
  REVIEW_BATCH,
  type ReviewQueue,
  renderCloze,
} from '@portal/shared/flashcards';
import { shiftLocalDate, startOfLocalDate, todayIn } from '@portal/shared/time-zone';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import { presentCard, presentSource } from './flashcards.presenter.ts';
import type { CardRow, FlashcardsRepository, QueueWindow, Tx } from './flashcards.repository.ts';
import {
  GRADE_RATING,
  type MemoryState,
  memoryFromJson,
  memoryToJson,
  previewIntervals,
  RATING_GRADE,
  rateCard,
  stateName,
} from './flashcards.scheduler.ts';

/** Learning cards due this soon are shown once nothing else is left, as Anki's learn-ahead does. */
const LEARN_AHEAD_MS = 20 * 60 * 1000;

export const cardNotFound = () => new AppError('not_found', 'Card not found.');

export const memoryOf = (card: CardRow): MemoryState => ({
  state: card.state,
  due: card.due,
  stability: card.stability,
  difficulty: card.difficulty,
  elapsedDays: card.elapsedDays,
  scheduledDays: card.scheduledDays,
  learningSteps: card.learningSteps,
  reps: card.reps,
  lapses: card.lapses,
  lastReview: card.lastReview,
});

/** The two sides of a card: a cloze card hides its deletion, and shows the note's back text under the answer. */
export function cardSides(card: { ordinal: number }, note: { front: string; back: string }) {
  if (card.ordinal === 0) return { prompt: note.front, answer: note.back };
  const { prompt, answer } = renderCloze(note.front, card.ordinal);
  return { prompt, answer: note.back.trim() ? `${answer}\n\n---\n\n${note.back}` : answer };
}

/** The learner's settings, and the FSRS weights fitted to their reviews (null: the defaults). */
async function preferencesOf(
  repository: FlashcardsRepository,
  userId: string,
): Promise<{ settings: FlashcardSettings; weights: number[] | null }> {
  const row = await repository.findSettings(userId);
  const settings = row
    ? { desired_retention: row.desiredRetention, new_per_day: row.newPerDay, reviews_per_day: row.reviewsPerDay }
    : { ...DEFAULT_FLASHCARD_SETTINGS };
  return { settings, weights: row?.weights ?? null };
}

/** The learner's local day (in their profile's time zone) and what today's limits still let in. */
function createToday({
  repository,
  timeZoneOf,
  hiddenDecksOf,
  now,
}: {
  repository: FlashcardsRepository;
  timeZoneOf: (userId: string) => Promise<string>;
  hiddenDecksOf: (userId: string) => Promise<string[]>;
  now: () => Date;
}) {
  return async (userId: string, deckId?: string) => {
    const at = now();
    const zone = timeZoneOf(userId);
    // Today's ratings are counted while the course decks are brought up to date: neither waits for the other.
    const ratedToday = zone.then((timeZone) =>
      repository.ratedSince(userId, startOfLocalDate(todayIn(timeZone, at), timeZone)),
    );
    const [timeZone, { settings, weights }, hiddenDeckIds, rated] = await Promise.all([
      zone,
      preferencesOf(repository, userId),
      hiddenDecksOf(userId),
      ratedToday,
    ]);
    const day = todayIn(timeZone, at);
    const startOfToday = startOfLocalDate(day, timeZone);
    const endOfToday = startOfLocalDate(shiftLocalDate(day, 1), timeZone);
    const endOfTomorrow = startOfLocalDate(shiftLocalDate(day, 2), timeZone);
    const window: QueueWindow = {
      userId,
      now: at,
      learnAheadUntil: new Date(at.getTime() + LEARN_AHEAD_MS),
      endOfToday,
      hiddenDeckIds,
      ...(deckId ? { deckId } : {}),
    };
    return {
      at,
      day,
      window,
      settings,
      weights,
      startOfToday,
      endOfToday,
      endOfTomorrow,
      newLimit: Math.max(0, settings.new_per_day - rated.fresh),
      reviewLimit: Math.max(0, settings.reviews_per_day - rated.review),
    };
  };
}

type Today = ReturnType<typeof createToday>;
type ReviewDay = Awaited<ReturnType<Today>>;
type QueueRow = Awaited<ReturnType<FlashcardsRepository['queue']>>[number];

/** Today's last rating, the one undo would take back. */
async function undoable(repository: FlashcardsRepository, executor: Db | Tx, userId: string, startOfToday: Date) {
  const log = await repository.latestLog(executor, userId);
  return log && log.reviewedAt >= startOfToday ? log : undefined;
}

function presentQueueCard(row: QueueRow, day: ReviewDay) {
  const desiredRetention = day.settings.desired_retention;
  return {
    id: row.card.id,
    deck_id: row.card.deckId,
    deck_name: row.deckName,
    state: stateName(row.card.state),
    due: row.card.due.toISOString(),
    ...cardSides(row.card, row),
    tags: row.tags,
    source: presentSource(row),
    intervals: previewIntervals(memoryOf(row.card), { desiredRetention, now: day.at, weights: day.weights }),
  };
}

async function readQueue(repository: FlashcardsRepository, day: ReviewDay, deckId?: string): Promise<ReviewQueue> {
  const { userId } = day.window;
  const [rows, counts, dueTomorrow, lastLog] = await Promise.all([
    repository.queue(day.window, {
      newLimit: Math.min(day.newLimit, REVIEW_BATCH),
      reviewLimit: Math.min(day.reviewLimit, REVIEW_BATCH),
      batch: REVIEW_BATCH,
    }),
    repository.queueCounts(day.window),
    repository.countDueBetween(userId, day.endOfToday, day.endOfTomorrow, deckId),
    undoable(repository, repository.db, userId, day.startOfToday),
  ]);
  return {
    cards: rows.slice(0, REVIEW_BATCH).map((row) => presentQueueCard(row, day)),
    counts: {
      new: Math.min(counts.fresh, day.newLimit),
      learning: counts.learning,
      review: Math.min(counts.review, day.reviewLimit),
    },
    due_tomorrow: dueTomorrow,
    can_undo: Boolean(lastLog),
  };
}

/** A card shown in another tab or window and rated there since is not rated again from here. */
function assertRatable(card: CardRow, body: RateBody) {
  if (card.suspended) throw new AppError('conflict', 'A suspended card is not reviewed.');
  if (body.due !== undefined && card.due.getTime() !== new Date(body.due).getTime()) {
    throw new AppError('conflict', 'This card was rated in another tab or window since it was shown.', {
      reasons: ['reviewed_elsewhere'],
    });
  }
}

async function insertRatingLog(
  repository: FlashcardsRepository,
  tx: Tx,
  {
    userId,
    cardId,
    body,
    before,
    log,
    at,
  }: { userId: string; cardId: string; body: RateBody; before: MemoryState; log: RatingLog; at: Date },
) {
  await repository.insertLog(tx, {
    userId,
    cardId,
    rating: RATING_GRADE[body.rating],
    state: before.state,
    due: before.due,
    stability: log.stability,
    difficulty: log.difficulty,
    elapsedDays: log.elapsed_days,
    lastElapsedDays: log.last_elapsed_days,
    scheduledDays: log.scheduled_days,
    learningSteps: log.learning_steps,
    reviewedAt: at,
    durationMs: body.duration_ms ?? null,
    idempotencyKey: body.idempotency_key,
    cardBefore: memoryToJson(before),
  });
}

type RatingLog = ReturnType<typeof rateCard>['log'];

/** Schedules the card after the rating, logs the state before it and records the review for XP. */
async function applyRating(
  { repository, domainEvents }: { repository: FlashcardsRepository; domainEvents: DomainEvents },
  tx: Tx,
  {
    userId,
    cardId,
    card,
    body,
    day,
  }: { userId: string; cardId: string; card: CardRow; body: RateBody; day: ReviewDay },
): Promise<RateResult> {
  const before = memoryOf(card);
  const { next, log } = rateCard(before, body.rating, {
    desiredRetention: day.settings.desired_retention,
    now: day.at,
    weights: day.weights,
  });
  await insertRatingLog(repository, tx, { userId, cardId, body, before, log, at: day.at });
  const updated = await repository.updateCard(tx, userId, cardId, { ...next, buriedUntil: null });
  if (!updated) throw cardNotFound();
  await domainEvents.record(tx, {
    type: 'flashcard.reviewed',
    userId,
    // One award per card per local day: the subject is the card on that day.
    subjectId: `${cardId}:${day.day}`,
    payload: { cardId, day: day.day, rating: body.rating },
  });
  return { card: presentCard(updated), rating: body.rating };
}

function createRating(deps: { repository: FlashcardsRepository; domainEvents: DomainEvents; today: Today }) {
  const { repository, domainEvents, today } = deps;
  return {
    /**
     * Rates a card on the server's clock and schedule. The same idempotency key answers the first rating again,
     * so a double click or a retry rates once; each rating logs the card's state before it and earns
     * flashcard_review XP once per card per local day.
     */
    async rate(userId: string, cardId: string, body: RateBody): Promise<RateResult> {
      const day = await today(userId);
      const result = await repository.transaction(async (tx) => {
        const card = await repository.lockCard(tx, userId, cardId);
        if (!card || day.window.hiddenDeckIds?.includes(card.deckId)) throw cardNotFound();
        const earlier = await repository.findLogByKey(tx, userId, body.idempotency_key);
        if (earlier) {
          if (earlier.cardId !== cardId) throw new AppError('conflict', 'This rating key was used for another card.');
          return { card: presentCard(card), rating: GRADE_RATING[earlier.rating] ?? body.rating };
        }
        assertRatable(card, body);
        return applyRating(deps, tx, { userId, cardId, card, body, day });
      });
      void domainEvents.flush();
      return result;
    },
  };
}

function createUndo({ repository, today }: { repository: FlashcardsRepository; today: Today }) {
  return {
    /** Puts the card of today's last rating back as it was before that rating and forgets the rating. */
    /** Undoes today's last rating; with `key`, only if that is still the last one (not one made elsewhere since). */
    async undo(userId: string, key?: string) {
      const day = await today(userId);
      return repository.transaction(async (tx) => {
        const log = await undoable(repository, tx, userId, day.startOfToday);
        if (!log) throw new AppError('not_found', 'There is no rating to undo today.');
        if (key !== undefined && log.idempotencyKey !== key) {
          throw new AppError('conflict', 'A card was rated in another tab or window since; undo it there.', {
            reasons: ['rated_elsewhere'],
          });
        }
        const card = await repository.lockCard(tx, userId, log.cardId);
        if (!card) throw cardNotFound();
        await repository.deleteLog(tx, log.id);
        const restored = await repository.updateCard(tx, userId, log.cardId, memoryFromJson(log.cardBefore));
        if (!restored) throw cardNotFound();
        return { card: presentCard(restored) };
      });
    },
  };
}

export function createFlashcardsReviewService({
  repository,
  domainEvents,
  timeZoneOf,
  hiddenDecksOf = async () => [],
  now = () => new Date(),
}: {
  repository: FlashcardsRepository;
  domainEvents: DomainEvents;
  timeZoneOf: (userId: string) => Promise<string>;
  /** Brings the learner's course-deck cards up to date; the decks they may no longer study. */
  hiddenDecksOf?: (userId: string) => Promise<string[]>;
  now?: () => Date;
}) {
  const settingsOf = async (userId: string) => (await preferencesOf(repository, userId)).settings;
  const today = createToday({ repository, timeZoneOf, hiddenDecksOf, now });

  return {
    settingsOf,
    today,

    async saveSettings(userId: string, settings: FlashcardSettings): Promise<FlashcardSettings> {
      await repository.saveSettings(userId, {
        desiredRetention: settings.desired_retention,
        newPerDay: settings.new_per_day,
        reviewsPerDay: settings.reviews_per_day,
      });
      return settingsOf(userId);
    },

    /** The next cards to study, each with when it would come back after each rating, and what is left today. */
    async queue(userId: string, deckId?: string): Promise<ReviewQueue> {
      return readQueue(repository, await today(userId, deckId), deckId);
    },

    ...createRating({ repository, domainEvents, today }),
    ...createUndo({ repository, today }),
  };
}
export type FlashcardsReviewService = ReturnType<typeof createFlashcardsReviewService>;
