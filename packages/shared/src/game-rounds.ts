/** Drawing, presenting and grading rounds: the server issues with these, and the sample set plays with them. */
import {
  type CreateRoundBody,
  type FinishRoundBody,
  GAME_LEVELS,
  GAME_MIN_ITEMS,
  GAME_TEXT_MAX,
  GAMES,
  type Game,
  type GameDifficulty,
  type GameRound,
  type ItemOrigin,
  type ItemOutcome,
  type ItemResult,
  isSameAnswer,
  normalizeAnswer,
  RECALL_ANSWER_MAX,
  ROUND_GRACE_MS,
  type RoundItem,
  UNTIMED_ROUND_MS,
} from './games.ts';

/** One thing to learn: a prompt and its answer, with a quiz question's own options when it has them. */
export type PoolItem = {
  id: string;
  prompt: string;
  answer: string;
  /** A single-answer quiz question's options (correct one marked); others get options from the pool. */
  choices?: { id: string; text: string; correct: boolean }[];
  origin: ItemOrigin;
};

/** An item as the issuer keeps it: what the player sees and what counts as right. */
export type IssuedItem = RoundItem & { answer: string; correct_choice_id: string | null; origin: ItemOrigin };

export type Random = (below: number) => number;

export function shuffled<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = random(index + 1);
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

const CHOICE_IDS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];

/** Items this game can use: short enough, and no two with the same answer or prompt in one round. */
export function eligibleItems(pool: readonly PoolItem[], game: Game): PoolItem[] {
  const seen = new Set<string>();
  return pool.filter((item) => {
    if (!item.prompt || !item.answer || item.prompt.length > GAME_TEXT_MAX || item.answer.length > GAME_TEXT_MAX) {
      return false;
    }
    if (game === 'recall' && item.answer.length > RECALL_ANSWER_MAX) return false;
    const key = game === 'sprint' && item.choices ? `q:${item.id}` : normalizeAnswer(item.answer);
    const promptKey = `p:${normalizeAnswer(item.prompt)}`;
    if (!key || seen.has(key) || seen.has(promptKey)) return false;
    seen.add(key);
    seen.add(promptKey);
    return true;
  });
}

/** The games a pool has enough usable items for. */
export const playableGames = (pool: readonly PoolItem[]): Game[] =>
  GAMES.filter((game) => eligibleItems(pool, game).length >= GAME_MIN_ITEMS);

const recallHint = (answer: string) => {
  const letters = [...answer];
  return `${letters[0] ?? ''}${letters
    .slice(1)
    .map((letter) => (letter === ' ' ? ' ' : '·'))
    .join('')}`;
};

/** Draws a round from a pool; null when the pool has fewer than GAME_MIN_ITEMS items for this game. */
export function drawRound(
  pool: readonly PoolItem[],
  { game, difficulty }: { game: Game; difficulty: GameDifficulty },
  random: Random,
): IssuedItem[] | null {
  const level = GAME_LEVELS[game][difficulty];
  const usable = eligibleItems(pool, game);
  if (usable.length < GAME_MIN_ITEMS) return null;
  const chosen = shuffled(usable, random).slice(0, level.items);
  return chosen.map((item) => {
    const base = { id: item.id, prompt: item.prompt, answer: item.answer, origin: item.origin };
    if (game === 'recall') {
      return { ...base, choices: null, hint: level.hint ? recallHint(item.answer) : null, correct_choice_id: null };
    }
    if (game === 'match') return { ...base, choices: null, hint: null, correct_choice_id: null };
    if (item.choices) {
      const options = shuffled(item.choices, random);
      const correct = options.find((choice) => choice.correct);
      return {
        ...base,
        hint: null,
        choices: options.map(({ id, text }) => ({ id, text })),
        correct_choice_id: correct?.id ?? null,
      };
    }
    const wrong = shuffled(
      [...new Set(usable.filter((other) => other.id !== item.id).map((other) => other.answer))].filter(
        (text) => normalizeAnswer(text) !== normalizeAnswer(item.answer),
      ),
      random,
    ).slice(0, level.choices - 1);
    const options = shuffled([item.answer, ...wrong], random).map((text, index) => ({
      id: CHOICE_IDS[index] ?? String(index),
      text,
    }));
    return {
      ...base,
      hint: null,
      choices: options,
      correct_choice_id: options.find((option) => option.text === item.answer)?.id ?? null,
    };
  });
}

/** When a round issued now closes: its clock plus grace when timed, UNTIMED_ROUND_MS otherwise. */
export function roundExpiry(body: Pick<CreateRoundBody, 'game' | 'difficulty' | 'timed'>, issuedAt: Date): Date {
  const seconds = GAME_LEVELS[body.game][body.difficulty].seconds;
  return new Date(issuedAt.getTime() + (body.timed ? seconds * 1000 + ROUND_GRACE_MS : UNTIMED_ROUND_MS));
}

/** What the player gets: the prompts without answers (Match shows both sides, shuffled). */
export function presentRound(
  {
    id,
    body,
    issuedAt,
    expiresAt,
    items,
  }: {
    id: string;
    body: Pick<CreateRoundBody, 'game' | 'difficulty' | 'timed'>;
    issuedAt: Date;
    expiresAt: Date;
    items: readonly IssuedItem[];
  },
  random: Random,
): GameRound {
  return {
    id,
    game: body.game,
    difficulty: body.difficulty,
    timed: body.timed,
    seconds: body.timed ? GAME_LEVELS[body.game][body.difficulty].seconds : null,
    issued_at: issuedAt.toISOString(),
    expires_at: expiresAt.toISOString(),
    items: items.map(({ id: itemId, prompt, choices, hint }) => ({ id: itemId, prompt, choices, hint })),
    definitions:
      body.game === 'match' ? shuffled(items, random).map((item) => ({ id: item.id, text: item.answer })) : null,
  };
}

/** Why a set of answers cannot come from playing this round; null when it can. */
export function forgedAnswers(
  items: readonly IssuedItem[],
  game: Game,
  answers: FinishRoundBody['answers'],
): string | null {
  const ids = new Set(items.map((item) => item.id));
  const stranger = answers.find((answer) => !ids.has(answer.item_id));
  if (stranger) return `Item ${stranger.item_id} is not part of this round.`;
  if (game === 'match') {
    const matched = new Set<string>();
    for (const attempt of answers) {
      if (!ids.has(attempt.answer)) return 'A match names a definition that is not part of this round.';
      if (matched.has(attempt.item_id) || matched.has(attempt.answer)) return 'An item was matched twice.';
      if (attempt.answer === attempt.item_id) matched.add(attempt.item_id);
    }
    return null;
  }
  const answered = new Set<string>();
  for (const answer of answers) {
    if (answered.has(answer.item_id)) return `Item ${answer.item_id} was answered twice.`;
    answered.add(answer.item_id);
  }
  return null;
}

/** Grades answers already checked by forgedAnswers. Match scores first-try matches; the others correct answers. */
export function gradeRound(items: readonly IssuedItem[], game: Game, answers: FinishRoundBody['answers']) {
  const results: ItemResult[] = items.map((item) => {
    const attempts = answers.filter((answer) => answer.item_id === item.id);
    const first = attempts[0];
    const right =
      first !== undefined &&
      (game === 'match'
        ? first.answer === item.id
        : game === 'sprint'
          ? first.answer === item.correct_choice_id
          : isSameAnswer(item.answer, first.answer));
    const given =
      first === undefined
        ? null
        : game === 'match'
          ? (items.find((other) => other.id === first.answer)?.answer ?? null)
          : game === 'sprint'
            ? (item.choices?.find((choice) => choice.id === first.answer)?.text ?? null)
            : first.answer;
    const outcome: ItemOutcome = right ? 'correct' : first === undefined && game === 'sprint' ? 'skipped' : 'missed';
    return { item_id: item.id, prompt: item.prompt, expected: item.answer, given, outcome, origin: item.origin };
  });
  return { results, score: results.filter((result) => result.outcome === 'correct').length };
}

/** A better result: more correct answers, or as many in less time. */
export const beats = (a: { score: number; elapsed_ms: number }, b: { score: number; elapsed_ms: number } | null) =>
  !b || a.score > b.score || (a.score === b.score && a.elapsed_ms < b.elapsed_ms);

/** How many answers a finish claims were given (Match: distinct items attempted). */
export const answeredCount = (answers: FinishRoundBody['answers']) =>
  new Set(answers.map((answer) => answer.item_id)).size;
