/**
 * Flashcards: a learner's decks of notes; each note makes one card (front/back) or, when its front holds cloze
 * deletions `{{c1::answer}}` / `{{c1::answer::hint}}`, one card per cloze number. The server schedules every card
 * with FSRS; the client only shows what it is given and sends ratings.
 *
 *   GET    /api/flashcards/decks                          -> deckListSchema (due and new counts per deck)
 *   POST   /api/flashcards/decks        deckBodySchema    -> deckEnvelopeSchema (201)
 *   PATCH  /api/flashcards/decks/:deckId deckBodySchema   -> deckEnvelopeSchema
 *   DELETE /api/flashcards/decks/:deckId                  -> 204 (its notes, cards and reviews go too)
 *   GET    /api/flashcards/notes?deck_id=&q=&tag=         -> noteListSchema
 *   POST   /api/flashcards/notes        createNoteBodySchema -> noteEnvelopeSchema (201)
 *   PATCH  /api/flashcards/notes/:noteId updateNoteBodySchema -> noteEnvelopeSchema (cards regenerated; the review
 *          history of cloze numbers that still exist is kept)
 *   DELETE /api/flashcards/notes/:noteId                  -> 204
 *   PATCH  /api/flashcards/cards/:cardId cardChangeSchema -> cardEnvelopeSchema (suspend, unsuspend, bury, unbury)
 *   GET    /api/flashcards/review?deck_id=                -> reviewQueueSchema (next cards with their four intervals)
 *   POST   /api/flashcards/cards/:cardId/rate rateBodySchema -> rateResultSchema (same key: answered once)
 *   POST   /api/flashcards/review/undo?key=               -> undoResultSchema (404 when nothing to undo)
 *   GET    /api/flashcards/settings                       -> flashcardSettingsSchema
 *   PUT    /api/flashcards/settings     flashcardSettingsSchema -> flashcardSettingsSchema
 * Another learner's deck, note or card answers 404 `not_found`; a plan without flashcards answers 402.
 */
import { z } from 'zod';

export const DECK_NAME_MAX = 120;
export const FLASHCARD_TEXT_MAX = 10_000;
export const FLASHCARD_TAG_MAX = 40;
export const FLASHCARD_TAGS_MAX = 20;
export const FLASHCARD_SEARCH_MAX = 200;
export const FLASHCARD_NOTE_LIST_LIMIT = 500;
export const REVIEW_BATCH = 10;
/** Cloze numbers a note may use (c1 … c50). */
export const CLOZE_MAX = 50;

export const FLASHCARD_RATINGS = ['again', 'hard', 'good', 'easy'] as const;
export type FlashcardRating = (typeof FLASHCARD_RATINGS)[number];
/** Where a one-click card came from: a note, a lesson passage, a quiz question or a SCORM interaction. */
export const FLASHCARD_SOURCE_KINDS = ['note', 'passage', 'quiz', 'scorm'] as const;
export const FLASHCARD_STATES = ['new', 'learning', 'review', 'relearning'] as const;
export type FlashcardState = (typeof FLASHCARD_STATES)[number];

export const DEFAULT_FLASHCARD_SETTINGS = { desired_retention: 0.9, new_per_day: 20, reviews_per_day: 200 } as const;

export const flashcardSettingsSchema = z
  .object({
    desired_retention: z.number().min(0.7).max(0.97),
    new_per_day: z.number().int().min(0).max(9999),
    reviews_per_day: z.number().int().min(0).max(99_999),
  })
  .strict();
export type FlashcardSettings = z.infer<typeof flashcardSettingsSchema>;

// ---------------------------------------------------------------- cloze

const CLOZE_PATTERN = /\{\{c(\d+)::([\s\S]*?)(?:::([\s\S]*?))?\}\}/g;

export type Cloze = { number: number; answer: string; hint: string | null };

/** Every cloze deletion in a text, in order of appearance. */
export function parseClozes(text: string): Cloze[] {
  return [...text.matchAll(CLOZE_PATTERN)].map((match) => ({
    number: Number(match[1]),
    answer: match[2] ?? '',
    hint: match[3] ?? null,
  }));
}

/** The distinct cloze numbers of a text, ascending; empty when it has none (then the note is a front/back card). */
export function clozeNumbers(text: string): number[] {
  return [...new Set(parseClozes(text).map((cloze) => cloze.number))].sort((a, b) => a - b);
}

/**
 * The card for cloze `number`: the prompt hides that cloze as `[…]` (or `[hint]`) and shows the others' answers;
 * the answer shows it in bold.
 */
export function renderCloze(text: string, number: number): { prompt: string; answer: string } {
  const render = (reveal: boolean) =>
    text.replace(CLOZE_PATTERN, (_match, n: string, answer: string, hint: string | undefined) => {
      if (Number(n) !== number) return answer;
      return reveal ? `**${answer}**` : `**[${hint ?? '…'}]**`;
    });
  return { prompt: render(false), answer: render(true) };
}

/** The note as it reads once learned: every deletion shown in bold. */
export function revealClozes(text: string): string {
  return text.replace(CLOZE_PATTERN, (_match, _n: string, answer: string) => `**${answer}**`);
}

// ---------------------------------------------------------------- requests

const nameSchema = z
  .string()
  .trim()
  .min(1, 'A deck needs a name.')
  .max(DECK_NAME_MAX)
  .refine((name) => !/[\p{Cc}]/u.test(name), 'A deck name is one line of text.');

export const deckBodySchema = z.object({ name: nameSchema }).strict();
export type DeckBody = z.infer<typeof deckBodySchema>;
export const deckParamsSchema = z.object({ deckId: z.uuid() });

const tagSchema = z
  .string()
  .trim()
  .min(1)
  .max(FLASHCARD_TAG_MAX)
  .regex(/^[^\s,]+$/u, 'A tag is one word without commas.');
const tagsSchema = z
  .array(tagSchema)
  .max(FLASHCARD_TAGS_MAX)
  .transform((tags) => [...new Set(tags.map((tag) => tag.toLowerCase()))]);

const frontSchema = z
  .string()
  .max(FLASHCARD_TEXT_MAX)
  .refine((text) => text.trim().length > 0, 'A card needs a front.')
  .refine(
    (text) => clozeNumbers(text).every((n) => n >= 1 && n <= CLOZE_MAX),
    `Cloze numbers go from c1 to c${CLOZE_MAX}.`,
  );
const backSchema = z.string().max(FLASHCARD_TEXT_MAX);

export const createNoteBodySchema = z
  .object({ deck_id: z.uuid(), front: frontSchema, back: backSchema.default(''), tags: tagsSchema.default([]) })
  .strict()
  .refine(
    (body) => clozeNumbers(body.front).length > 0 || body.back.trim().length > 0,
    'A card needs a back, or a cloze deletion such as {{c1::answer}} on its front.',
  );
export type CreateNoteBody = z.input<typeof createNoteBodySchema>;
export type CreateNoteInput = z.output<typeof createNoteBodySchema>;

export const updateNoteBodySchema = z
  .object({ deck_id: z.uuid(), front: frontSchema, back: backSchema, tags: tagsSchema })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change.');
export type UpdateNoteBody = z.infer<typeof updateNoteBodySchema>;
export const noteParamsSchema = z.object({ noteId: z.uuid() });

export const noteListQuerySchema = z
  .object({
    deck_id: z.uuid().optional(),
    q: z.string().trim().max(FLASHCARD_SEARCH_MAX).optional(),
    tag: tagSchema.optional(),
  })
  .strict();
export type NoteListQuery = z.infer<typeof noteListQuerySchema>;

export const cardParamsSchema = z.object({ cardId: z.uuid() });
export const cardChangeSchema = z
  .object({ suspended: z.boolean(), buried: z.boolean() })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change.');
export type CardChange = z.infer<typeof cardChangeSchema>;

export const reviewQuerySchema = z.object({ deck_id: z.uuid().optional() }).strict();
export type ReviewQuery = z.infer<typeof reviewQuerySchema>;

export const rateBodySchema = z
  .object({
    rating: z.enum(FLASHCARD_RATINGS),
    /** A fresh key per card shown; sending it again (a double click, a retry) rates once. */
    idempotency_key: z.string().min(8).max(100),
    /**
     * The card's due time as the review showed it (`due` of the review card): a card rated since in another tab or
     * window answers 409 `reviewed_elsewhere` and changes nothing.
     */
    due: z.iso.datetime().optional(),
    duration_ms: z
      .number()
      .int()
      .min(0)
      .max(24 * 3600 * 1000)
      .optional(),
  })
  .strict();
export type RateBody = z.infer<typeof rateBodySchema>;
/** Undo names the rating it undoes (its idempotency key): one made since elsewhere answers 409 `rated_elsewhere`. */
export const undoQuerySchema = z.object({ key: z.string().min(8).max(100).optional() }).strict();

// ---------------------------------------------------------------- responses

export const deckSchema = z.object({
  id: z.string(),
  name: z.string(),
  card_count: z.number().int(),
  /** Learning and review cards due now, within today's review limit. */
  due_count: z.number().int(),
  /** New cards that today's new-card limit still lets in. */
  new_count: z.number().int(),
  created_at: z.string(),
  /** The course this deck belongs to; its learners get it. */
  course: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** A course deck seen by a learner: they study it but do not edit it. */
  read_only: z.boolean(),
});
export type Deck = z.infer<typeof deckSchema>;
export const deckListSchema = z.object({ decks: z.array(deckSchema) });
export type DeckList = z.infer<typeof deckListSchema>;
export const deckEnvelopeSchema = z.object({ deck: deckSchema });

export const cardSchema = z.object({
  id: z.string(),
  note_id: z.string(),
  /** The cloze number, or 0 for a front/back card. */
  ordinal: z.number().int(),
  state: z.enum(FLASHCARD_STATES),
  due: z.string(),
  suspended: z.boolean(),
  buried_until: z.string().nullable(),
  reps: z.number().int(),
  lapses: z.number().int(),
});
export type FlashcardCard = z.infer<typeof cardSchema>;
export const cardEnvelopeSchema = z.object({ card: cardSchema });

export const cardSourceSchema = z
  .object({
    kind: z.enum(FLASHCARD_SOURCE_KINDS),
    lesson_id: z.string().nullable(),
    course_id: z.string().nullable(),
  })
  .nullable();
export type CardSource = z.infer<typeof cardSourceSchema>;

export const noteSchema = z.object({
  id: z.string(),
  deck_id: z.string(),
  front: z.string(),
  back: z.string(),
  tags: z.array(z.string()),
  cards: z.array(cardSchema),
  /** Where a one-click card came from, with the lesson it links to. */
  source: cardSourceSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type FlashcardNote = z.infer<typeof noteSchema>;
export const noteListSchema = z.object({ notes: z.array(noteSchema), truncated: z.boolean() });
export type FlashcardNoteList = z.infer<typeof noteListSchema>;
export const noteEnvelopeSchema = z.object({ note: noteSchema });

/** When the card would come back after each rating, as an instant and whole seconds from now. */
export const intervalsSchema = z.object({
  again: z.object({ due: z.string(), seconds: z.number().int() }),
  hard: z.object({ due: z.string(), seconds: z.number().int() }),
  good: z.object({ due: z.string(), seconds: z.number().int() }),
  easy: z.object({ due: z.string(), seconds: z.number().int() }),
});
export type Intervals = z.infer<typeof intervalsSchema>;

export const reviewCardSchema = z.object({
  id: z.string(),
  deck_id: z.string(),
  deck_name: z.string(),
  state: z.enum(FLASHCARD_STATES),
  /** When the card is due as shown; a rating sends it back, so a card rated elsewhere since is not rated twice. */
  due: z.string(),
  /** Markdown: the question side (a cloze card hides its deletion). */
  prompt: z.string(),
  /** Markdown: the answer side, followed by the note's back text for a cloze card. */
  answer: z.string(),
  tags: z.array(z.string()),
  /** Where a one-click card came from (its lesson link), or null. */
  source: cardSourceSchema.optional(),
  intervals: intervalsSchema,
});
export type ReviewCard = z.infer<typeof reviewCardSchema>;

export const reviewCountsSchema = z.object({
  new: z.number().int(),
  learning: z.number().int(),
  review: z.number().int(),
});
export type ReviewCounts = z.infer<typeof reviewCountsSchema>;

export const reviewQueueSchema = z.object({
  cards: z.array(reviewCardSchema),
  /** What is left to study now (limits applied). */
  counts: reviewCountsSchema,
  /** Cards due during the learner's next local day. */
  due_tomorrow: z.number().int(),
  /** Whether a rating can be undone. */
  can_undo: z.boolean(),
});
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

export const rateResultSchema = z.object({ card: cardSchema, rating: z.enum(FLASHCARD_RATINGS) });
export type RateResult = z.infer<typeof rateResultSchema>;
export const undoResultSchema = z.object({ card: cardSchema });
