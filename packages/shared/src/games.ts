/**
 * Games built from a learner's own content: Match (pair terms with definitions), Quiz sprint (as many correct
 * answers as possible in 60 s) and Recall (type the answer). The server issues each round, keeps its answers and
 * grades what comes back; XP comes only from the `game.completed` event it records. The built-in sample set is a
 * source like any other for signed-in learners (so someone with no content of their own can still play, earning XP
 * within the daily cap); signed-out visitors play it graded in the browser with the same rules (no XP, best kept there).
 *
 *   GET  /api/games/sources                                -> gameSourcesSchema (courses, decks, everything)
 *   GET  /api/games/bests                                  -> gameBestsSchema
 *   POST /api/games/rounds              createRoundBodySchema -> gameRoundSchema (201; prompts, no answers)
 *   POST /api/games/rounds/:roundId/finish finishRoundBodySchema -> roundResultSchema (once; again: 409)
 * Answers for items outside the round, impossible times and expired rounds answer 400/409; another learner's round 404.
 */
import { z } from 'zod';
import { INTERFACE_LANGUAGES } from './language.ts';

export const GAMES = ['match', 'sprint', 'recall'] as const;
export type Game = (typeof GAMES)[number];
export const GAME_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type GameDifficulty = (typeof GAME_DIFFICULTIES)[number];

export type GameLevel = {
  /** Items in the round (a sprint's pool: nobody answers them all in time). */
  items: number;
  /** The clock of a timed round. */
  seconds: number;
  /** Options per sprint question made from the learner's pairs. */
  choices: number;
  /** Recall shows the first letter and the length of the answer. */
  hint: boolean;
};

export const GAME_LEVELS: Record<Game, Record<GameDifficulty, GameLevel>> = {
  match: {
    easy: { items: 4, seconds: 90, choices: 0, hint: false },
    medium: { items: 6, seconds: 75, choices: 0, hint: false },
    hard: { items: 8, seconds: 60, choices: 0, hint: false },
  },
  sprint: {
    easy: { items: 30, seconds: 60, choices: 3, hint: false },
    medium: { items: 30, seconds: 60, choices: 4, hint: false },
    hard: { items: 30, seconds: 60, choices: 5, hint: false },
  },
  recall: {
    easy: { items: 5, seconds: 120, choices: 0, hint: true },
    medium: { items: 8, seconds: 120, choices: 0, hint: false },
    hard: { items: 10, seconds: 90, choices: 0, hint: false },
  },
};

/** A round needs at least this many items. */
export const GAME_MIN_ITEMS = 3;
/** Nobody answers faster than this per item; a finish that claims to is refused. */
export const MIN_MS_PER_ITEM = 300;
/** Network and rendering slack on top of a timed round's clock. */
export const ROUND_GRACE_MS = 15_000;
/** An untimed (practice) round stays open this long. */
export const UNTIMED_ROUND_MS = 2 * 60 * 60 * 1000;
export const GAME_TEXT_MAX = 300;
export const RECALL_ANSWER_MAX = 60;

// ---------------------------------------------------------------- answers

/**
 * What counts as the same answer: full-width and half-width forms unified (NFKC), accents and other combining marks
 * dropped (NFD), case, surrounding whitespace and punctuation ignored, inner whitespace collapsed.
 */
export function normalizeAnswer(text: string): string {
  return text
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '');
}

export const isSameAnswer = (expected: string, given: string) => {
  const normalized = normalizeAnswer(given);
  return normalized.length > 0 && normalized === normalizeAnswer(expected);
};

/** Markdown emphasis, code marks, links and tags left out, for prompts shown as plain text. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/(\*\*|__|`)/g, '')
    .replace(/(^|\s)[*_]([^*_\s][^*_]*?)[*_](?=\s|$|[.,;:!?])/g, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();
}

// ---------------------------------------------------------------- contracts

const idSchema = z.string().min(1).max(100);

export const gameSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }).strict(),
  z.object({ kind: z.literal('course'), id: idSchema }).strict(),
  z.object({ kind: z.literal('deck'), id: idSchema }).strict(),
  z.object({ kind: z.literal('sample'), language: z.enum(INTERFACE_LANGUAGES) }).strict(),
]);
export type GameSource = z.infer<typeof gameSourceSchema>;

export const createRoundBodySchema = z
  .object({
    game: z.enum(GAMES),
    difficulty: z.enum(GAME_DIFFICULTIES),
    source: gameSourceSchema,
    /** Untimed practice rounds still earn XP; personal bests are kept apart for timed and untimed play. */
    timed: z.boolean().default(true),
  })
  .strict();
export type CreateRoundBody = z.infer<typeof createRoundBodySchema>;

/** Where an item came from, so a missed one links back to its lesson or deck. */
export const itemOriginSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('lesson'), course_id: z.string(), lesson_id: z.string(), title: z.string() }),
  z.object({ kind: z.literal('deck'), deck_id: z.string(), title: z.string() }),
  z.object({ kind: z.literal('sample') }),
]);
export type ItemOrigin = z.infer<typeof itemOriginSchema>;

const choiceSchema = z.object({ id: z.string(), text: z.string() });

export const roundItemSchema = z.object({
  id: z.string(),
  prompt: z.string(),
  /** Sprint options; null in the other games. */
  choices: z.array(choiceSchema).nullable(),
  /** Recall on easy: first letter and length, such as "P····". */
  hint: z.string().nullable(),
});
export type RoundItem = z.infer<typeof roundItemSchema>;

export const gameRoundSchema = z.object({
  id: z.string(),
  game: z.enum(GAMES),
  difficulty: z.enum(GAME_DIFFICULTIES),
  timed: z.boolean(),
  /** The clock of a timed round; null when untimed. */
  seconds: z.number().int().nullable(),
  issued_at: z.string(),
  expires_at: z.string(),
  items: z.array(roundItemSchema),
  /** Match: every definition, shuffled; a definition's id is the id of the term it belongs to. */
  definitions: z.array(choiceSchema).nullable(),
});
export type GameRound = z.infer<typeof gameRoundSchema>;

export const roundParamsSchema = z.object({ roundId: z.uuid() });

export const finishRoundBodySchema = z
  .object({
    /** Quiz sprint and Recall: one answer per item answered. Match: every attempt in order (answer = definition id). */
    answers: z.array(z.object({ item_id: idSchema, answer: z.string().max(GAME_TEXT_MAX) }).strict()).max(200),
    elapsed_ms: z
      .number()
      .int()
      .min(0)
      .max(24 * 60 * 60 * 1000),
  })
  .strict();
export type FinishRoundBody = z.infer<typeof finishRoundBodySchema>;

export const ITEM_OUTCOMES = ['correct', 'missed', 'skipped'] as const;
export type ItemOutcome = (typeof ITEM_OUTCOMES)[number];

export const itemResultSchema = z.object({
  item_id: z.string(),
  prompt: z.string(),
  expected: z.string(),
  given: z.string().nullable(),
  outcome: z.enum(ITEM_OUTCOMES),
  origin: itemOriginSchema,
});
export type ItemResult = z.infer<typeof itemResultSchema>;

export const personalBestSchema = z.object({
  game: z.enum(GAMES),
  difficulty: z.enum(GAME_DIFFICULTIES),
  timed: z.boolean(),
  score: z.number().int(),
  elapsed_ms: z.number().int(),
  achieved_at: z.string(),
});
export type PersonalBest = z.infer<typeof personalBestSchema>;

export const roundResultSchema = z.object({
  round_id: z.string(),
  game: z.enum(GAMES),
  difficulty: z.enum(GAME_DIFFICULTIES),
  timed: z.boolean(),
  score: z.number().int(),
  total: z.number().int(),
  elapsed_ms: z.number().int(),
  results: z.array(itemResultSchema),
  best: personalBestSchema.nullable(),
  new_best: z.boolean(),
  /** The round had a correct answer, so the server recorded `game.completed` (XP within the daily cap). */
  xp_event: z.boolean(),
});
export type RoundResult = z.infer<typeof roundResultSchema>;

export const gameBestsSchema = z.object({ bests: z.array(personalBestSchema) });
export type GameBests = z.infer<typeof gameBestsSchema>;

/** The games a source has enough items for (at least GAME_MIN_ITEMS usable ones). */
const playableSchema = z.array(z.enum(GAMES));
const sourceSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  items: z.number().int(),
  games: playableSchema,
});
export const gameSourcesSchema = z.object({
  courses: z.array(sourceSummarySchema),
  decks: z.array(sourceSummarySchema),
  everything: z.number().int(),
  everything_games: playableSchema,
  /** False when the plan does not include flashcards: decks are left out. */
  flashcards_included: z.boolean(),
});
export type GameSources = z.infer<typeof gameSourcesSchema>;
