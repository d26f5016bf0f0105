/**
 * Course decks and one-click cards.
 *
 *   GET    /api/flashcards/course-options                 -> courseOptionListSchema (courses the caller may attach to)
 *   PUT    /api/flashcards/decks/:deckId/course deckCourseBodySchema -> deckEnvelopeSchema (attach or detach)
 *   POST   /api/flashcards/from-note        fromNoteBodySchema    -> oneClickResultSchema (201; same note: 200)
 *   POST   /api/flashcards/from-passage     fromPassageBodySchema -> oneClickResultSchema (201)
 *   GET    /api/flashcards/mistakes                       -> mistakeListSchema (wrong quiz answers and SCORM interactions)
 *   POST   /api/flashcards/mistakes/cards   mistakeCardsBodySchema -> mistakeCardsResultSchema (only those not carded)
 *
 * A course deck belongs to its author; learners who started the course (and whose plan opens it) see it read-only
 * and study its cards with their own scheduling. Anyone else gets 404.
 */
import { z } from 'zod';
import {
  DECK_NAME_MAX,
  deckSchema,
  type FLASHCARD_SOURCE_KINDS,
  FLASHCARD_TEXT_MAX,
  noteSchema,
} from './flashcards.ts';

export type FlashcardSourceKind = (typeof FLASHCARD_SOURCE_KINDS)[number];
/** A passage longer than this is not a card. */
export const PASSAGE_MAX = 2000;
export const MISTAKE_KEYS_MAX = 500;

/** Where to put new cards: a deck of the learner's, or (when none) their deck of this name, made when missing. */
const targetDeck = {
  deck_id: z.uuid().optional(),
  deck_name: z.string().trim().min(1).max(DECK_NAME_MAX).optional(),
};

export const deckCourseBodySchema = z.object({ course_id: z.uuid().nullable() }).strict();
export type DeckCourseBody = z.infer<typeof deckCourseBodySchema>;

export const courseOptionSchema = z.object({ id: z.string(), title: z.string(), slug: z.string() });
export type CourseOption = z.infer<typeof courseOptionSchema>;
export const courseOptionListSchema = z.object({ courses: z.array(courseOptionSchema) });

export const fromNoteBodySchema = z.object({ note_id: z.uuid(), ...targetDeck }).strict();
export type FromNoteBody = z.infer<typeof fromNoteBodySchema>;

export const fromPassageBodySchema = z
  .object({
    lesson_id: z.uuid(),
    passage: z
      .string()
      .max(PASSAGE_MAX)
      .refine((text) => text.trim().length > 0, 'Select some text first.'),
    /** What to ask; the passage is the answer. Defaults to a prompt naming the lesson. */
    front: z.string().trim().min(1).max(FLASHCARD_TEXT_MAX).optional(),
    ...targetDeck,
  })
  .strict();
export type FromPassageBody = z.infer<typeof fromPassageBodySchema>;

export const oneClickResultSchema = z.object({ note: noteSchema, deck: deckSchema, created: z.boolean() });
export type OneClickResult = z.infer<typeof oneClickResultSchema>;

/** The key of a quiz question the learner got wrong. */
export const quizMistakeKey = (lessonId: string, questionId: string) => `quiz:${lessonId}:${questionId}`;
export const scormMistakeKey = (packageId: string, interactionId: string) => `scorm:${packageId}:${interactionId}`;

export const mistakeSchema = z.object({
  /** `quiz:<lesson>:<question>` or `scorm:<package>:<interaction>`. */
  key: z.string(),
  kind: z.enum(['quiz', 'scorm']),
  question: z.string(),
  correct_answer: z.string(),
  learner_answer: z.string(),
  lesson_id: z.string().nullable(),
  lesson_title: z.string().nullable(),
  course_id: z.string().nullable(),
  /** Already made into a card. */
  carded: z.boolean(),
});
export type Mistake = z.infer<typeof mistakeSchema>;
export const mistakeListSchema = z.object({ mistakes: z.array(mistakeSchema) });
export type MistakeList = z.infer<typeof mistakeListSchema>;

export const mistakeCardsBodySchema = z
  .object({
    /** The mistakes to card; all of them when omitted. */
    keys: z.array(z.string().min(1).max(300)).min(1).max(MISTAKE_KEYS_MAX).optional(),
    ...targetDeck,
  })
  .strict();
export type MistakeCardsBody = z.infer<typeof mistakeCardsBodySchema>;
export const mistakeCardsResultSchema = z.object({
  created: z.number().int(),
  /** Already carded before, so left alone. */
  skipped: z.number().int(),
  deck: deckSchema,
});
export type MistakeCardsResult = z.infer<typeof mistakeCardsResultSchema>;
