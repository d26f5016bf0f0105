import type { Db } from '../../db/client.ts';
import { flashcardCards, flashcardDecks, flashcardNotes, flashcardReviewLogs } from './flashcards.table.ts';

export type SeededCard = { state?: number; scheduledDays?: number; due?: Date; suspended?: boolean };
export type SeededReview = { card: number; rating: number; at: Date; state: number; interval?: number; ms?: number };

const DAY_MS = 86_400_000;

type SeedTarget = { userId: string; deckId: string };

/** One card per note, in the order of the notes, with the scheduling state asked for. */
function insertSeededCards(db: Db, { userId, deckId }: SeedTarget, notes: Array<{ id: string }>, cards: SeededCard[]) {
  return db
    .insert(flashcardCards)
    .values(
      cards.map((card, index) => ({
        userId,
        deckId,
        noteId: notes[index]?.id ?? '',
        ordinal: 0,
        state: card.state ?? 0,
        scheduledDays: card.scheduledDays ?? 0,
        stability: card.state ? Math.max(1, card.scheduledDays ?? 1) : 0,
        difficulty: card.state ? 5 : 0,
        due: card.due ?? new Date(),
        lastReview: card.state
          ? new Date((card.due ?? new Date()).getTime() - (card.scheduledDays ?? 0) * DAY_MS)
          : null,
        suspended: card.suspended ?? false,
      })),
    )
    .returning();
}

/** The review logs, 500 rows per insert. */
async function insertSeededReviews(db: Db, { userId, deckId }: SeedTarget, cardIds: string[], reviews: SeededReview[]) {
  for (let start = 0; start < reviews.length; start += 500) {
    await db.insert(flashcardReviewLogs).values(
      reviews.slice(start, start + 500).map((review, index) => ({
        userId,
        cardId: cardIds[review.card] ?? '',
        rating: review.rating,
        state: review.state,
        due: review.at,
        stability: 1,
        difficulty: 5,
        elapsedDays: 0,
        lastElapsedDays: 0,
        scheduledDays: review.interval ?? 0,
        learningSteps: 0,
        reviewedAt: review.at,
        durationMs: review.ms ?? null,
        idempotencyKey: `seed-${deckId}-${start + index}`,
        cardBefore: { scheduledDays: review.interval ?? 0 },
      })),
    );
  }
}

/** A deck of the learner's with these cards (in this order) and these ratings of them, written as if reviewed. */
export async function seedDeck(db: Db, userId: string, cards: SeededCard[], reviews: SeededReview[] = []) {
  const [deck] = await db.insert(flashcardDecks).values({ userId, name: 'Seeded' }).returning();
  if (!deck) throw new Error('no deck');
  const target = { userId, deckId: deck.id };
  const notes = await db
    .insert(flashcardNotes)
    .values(cards.map((_, index) => ({ userId, deckId: deck.id, front: `Q${index}`, back: `A${index}` })))
    .returning();
  const rows = await insertSeededCards(db, target, notes, cards);
  const ids = notes.map((note) => rows.find((row) => row.noteId === note.id)?.id ?? '');
  await insertSeededReviews(db, target, ids, reviews);
  return { deckId: deck.id, cardIds: ids };
}

/**
 * A made-up but plausible review history: `cards` cards each reviewed `perCard` times, intervals growing after a
 * pass and starting over after a lapse, outcomes from a fixed pseudo-random sequence (the same log every time).
 */
export function syntheticHistory(cards: number, perCard: number, end: Date, seed = 7): SeededReview[] {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const reviews: SeededReview[] = [];
  for (let card = 0; card < cards; card += 1) {
    const plan: Array<{ rating: number; day: number; interval: number }> = [];
    let day = 0;
    let interval = 0;
    for (let n = 0; n < perCard; n += 1) {
      const lapse = random() < (n === 0 ? 0.3 : 0.12 + 0.02 * Math.min(interval, 10));
      const rating = lapse ? 1 : random() < 0.8 ? 3 : 4;
      plan.push({ rating, day, interval });
      interval = lapse ? 1 : Math.max(1, Math.round(interval * (rating === 4 ? 3 : 2.2)) || 1);
      day += interval;
    }
    const last = plan.at(-1)?.day ?? 0;
    for (const [n, entry] of plan.entries()) {
      reviews.push({
        card,
        rating: entry.rating,
        at: new Date(end.getTime() - (last - entry.day + 1) * DAY_MS - card * 1000),
        state: n === 0 ? 0 : 2,
        interval: entry.interval,
      });
    }
  }
  return reviews;
}
