import { randomInt } from 'node:crypto';
import {
  answeredCount,
  drawRound,
  eligibleItems,
  forgedAnswers,
  gradeRound,
  type PoolItem,
  playableGames,
  presentRound,
  roundExpiry,
} from '@portal/shared/game-rounds';
import {
  type CreateRoundBody,
  type FinishRoundBody,
  GAME_MIN_ITEMS,
  type GameBests,
  type GameRound,
  type GameSources,
  MIN_MS_PER_ITEM,
  type PersonalBest,
  type RoundResult,
} from '@portal/shared/games';
import { samplePool } from '@portal/shared/games-sample';
import type { Role } from '@portal/shared/roles';
import { AppError } from '../../errors.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import type { BestRow, GamesRepository, RoundRow } from './games.repository.ts';
import { courseItems, deckItems, type GameCourse, type GameDeck } from './games-content.ts';

export type Viewer = { userId: string; role: Role };

const random = (below: number) => randomInt(below);
const roundNotFound = () => new AppError('not_found', 'Round not found.');
const presentBest = (row: BestRow): PersonalBest => ({
  game: row.game,
  difficulty: row.difficulty,
  timed: row.timed,
  score: row.score,
  elapsed_ms: row.elapsedMs,
  achieved_at: row.achievedAt.toISOString(),
});

type GameContent = {
  /** Courses the learner is enrolled in and may open, with the lessons open to them. */
  coursesOf: (viewer: Viewer) => Promise<GameCourse[]>;
  /** The learner's flashcard decks, or null when their plan does not include flashcards. */
  decksOf: (userId: string) => Promise<GameDeck[] | null>;
};

type GamesDeps = GameContent & {
  repository: GamesRepository;
  domainEvents: DomainEvents;
  now: () => Date;
};

type RoundPlay = Pick<GamesDeps, 'repository' | 'domainEvents' | 'now'> & {
  poolOf: (viewer: Viewer, source: CreateRoundBody['source']) => Promise<PoolItem[]>;
};

/** The items a round is drawn from: a sample set, one course or deck of the learner's, or all of them. */
async function poolFrom(
  { coursesOf, decksOf }: GameContent,
  viewer: Viewer,
  source: CreateRoundBody['source'],
): Promise<PoolItem[]> {
  if (source.kind === 'sample') return samplePool(source.language);
  if (source.kind === 'course') {
    const course = (await coursesOf(viewer)).find((candidate) => candidate.id === source.id);
    if (!course) throw new AppError('not_found', 'Course not found among your courses.');
    return courseItems(course);
  }
  if (source.kind === 'deck') {
    const deck = (await decksOf(viewer.userId))?.find((candidate) => candidate.id === source.id);
    if (!deck) throw new AppError('not_found', 'Deck not found.');
    return deckItems(deck);
  }
  const [courses, decks] = await Promise.all([coursesOf(viewer), decksOf(viewer.userId)]);
  return [...courses.flatMap(courseItems), ...(decks ?? []).flatMap(deckItems)];
}

async function listSources({ coursesOf, decksOf }: GameContent, viewer: Viewer): Promise<GameSources> {
  const [courses, decks] = await Promise.all([coursesOf(viewer), decksOf(viewer.userId)]);
  const count = (items: PoolItem[]) => eligibleItems(items, 'match').length;
  const courseRows = courses.map((course) => ({ id: course.id, title: course.title, items: courseItems(course) }));
  const deckRows = (decks ?? []).map((deck) => ({ id: deck.id, title: deck.name, items: deckItems(deck) }));
  const summary = (row: { id: string; title: string; items: PoolItem[] }) => ({
    id: row.id,
    title: row.title,
    items: count(row.items),
    games: playableGames(row.items),
  });
  const everything = [...courseRows, ...deckRows].flatMap((row) => row.items);
  return {
    courses: courseRows.map(summary),
    decks: deckRows.map(summary),
    everything: count(everything),
    everything_games: playableGames(everything),
    flashcards_included: decks !== null,
  };
}

async function issueRoundFor(
  { repository, now, poolOf }: RoundPlay,
  viewer: Viewer,
  body: CreateRoundBody,
): Promise<GameRound> {
  const items = drawRound(await poolOf(viewer, body.source), body, random);
  if (!items) {
    throw new AppError(
      'validation_failed',
      `This source has too few items for this game (at least ${GAME_MIN_ITEMS} are needed).`,
      { reasons: ['not_enough_items'] },
    );
  }
  const issuedAt = now();
  const expiresAt = roundExpiry(body, issuedAt);
  const { game, difficulty, timed } = body;
  const round = await repository.insertRound({
    userId: viewer.userId,
    game,
    difficulty,
    timed,
    items,
    issuedAt,
    expiresAt,
  });
  return presentRound({ id: round.id, body, issuedAt, expiresAt, items }, random);
}

/**
 * Refuses an expired round, answers for other items and times no one could play at; the elapsed time
 * to record, the learner's clock capped by the server's.
 */
function checkedElapsedMs(round: RoundRow, body: FinishRoundBody, finishedAt: Date): number {
  if (finishedAt > round.expiresAt) throw new AppError('conflict', 'This round has expired; start a new one.');
  const forged = forgedAnswers(round.items, round.game, body.answers);
  if (forged) throw new AppError('validation_failed', forged);
  const serverElapsed = finishedAt.getTime() - round.issuedAt.getTime();
  const fastest = answeredCount(body.answers) * MIN_MS_PER_ITEM;
  if (body.elapsed_ms < fastest || serverElapsed < fastest) {
    throw new AppError('validation_failed', 'These answers came faster than anyone can play.');
  }
  return Math.min(body.elapsed_ms, serverElapsed);
}

type FinishedRound = {
  userId: string;
  roundId: string;
  round: RoundRow;
  finishedAt: Date;
  score: number;
  elapsedMs: number;
};

/** Marks the round finished and, with a correct answer, keeps a new best and records game.completed; true on a best. */
function saveFinishedRound(
  { repository, domainEvents }: Pick<GamesDeps, 'repository' | 'domainEvents'>,
  { userId, roundId, round, finishedAt, score, elapsedMs }: FinishedRound,
) {
  return repository.transaction(async (tx) => {
    const finished = await repository.finishRound(tx, userId, roundId, { finishedAt, score, elapsedMs });
    if (!finished) throw new AppError('conflict', 'This round is already finished.');
    if (score === 0) return false;
    const newBest = await repository.saveIfBest(tx, {
      userId,
      game: round.game,
      difficulty: round.difficulty,
      timed: round.timed,
      score,
      elapsedMs,
      roundId,
      achievedAt: finishedAt,
    });
    await domainEvents.record(tx, {
      type: 'game.completed',
      userId,
      subjectId: roundId,
      payload: { roundId, game: round.game, correct: score },
    });
    return newBest;
  });
}

async function finishRoundFor(
  deps: RoundPlay,
  { viewer, roundId, body }: { viewer: Viewer; roundId: string; body: FinishRoundBody },
): Promise<RoundResult> {
  const { repository, domainEvents, now } = deps;
  const round = await repository.findRound(viewer.userId, roundId);
  if (!round) throw roundNotFound();
  if (round.finishedAt) throw new AppError('conflict', 'This round is already finished.');
  const finishedAt = now();
  const elapsedMs = checkedElapsedMs(round, body, finishedAt);
  const { results, score } = gradeRound(round.items, round.game, body.answers);
  const xpEvent = score > 0;
  const finished = { userId: viewer.userId, roundId, round, finishedAt, score, elapsedMs };
  const saved = await saveFinishedRound(deps, finished);
  if (xpEvent) void domainEvents.flush();
  const best = (await repository.listBests(viewer.userId)).find(
    (row) => row.game === round.game && row.difficulty === round.difficulty && row.timed === round.timed,
  );
  return {
    round_id: roundId,
    game: round.game,
    difficulty: round.difficulty,
    timed: round.timed,
    score,
    total: round.items.length,
    elapsed_ms: elapsedMs,
    results,
    best: best ? presentBest(best) : null,
    new_best: saved,
    xp_event: xpEvent,
  };
}

export function createGamesService(deps: GamesDeps) {
  const { repository, now } = deps;
  const poolOf = (viewer: Viewer, source: CreateRoundBody['source']) => poolFrom(deps, viewer, source);
  const play: RoundPlay = { ...deps, poolOf };
  return {
    /** What the learner can play on, with how many items each source has. */
    sources: (viewer: Viewer): Promise<GameSources> => listSources(deps, viewer),

    async bests(userId: string): Promise<GameBests> {
      return { bests: (await repository.listBests(userId)).map(presentBest) };
    },

    /** Draws a round from the chosen source and keeps its answers; the learner gets the prompts. */
    issueRound: (viewer: Viewer, body: CreateRoundBody): Promise<GameRound> => issueRoundFor(play, viewer, body),

    /**
     * Grades the learner's answers against the round the server issued: refuses answers for other items, times no
     * one could play at, expired and already finished rounds; a round with a correct answer records game.completed.
     */
    finishRound: (viewer: Viewer, roundId: string, body: FinishRoundBody): Promise<RoundResult> =>
      finishRoundFor(play, { viewer, roundId, body }),

    /** Removes rounds left unfinished for a day past their expiry; returns how many went. */
    async sweepAbandonedRounds(): Promise<number> {
      return repository.deleteAbandonedRounds(new Date(now().getTime() - ABANDONED_ROUND_GRACE_MS));
    },
  };
}
export type GamesService = ReturnType<typeof createGamesService>;

/** How long an expired, unfinished round is kept before the sweep removes it. */
const ABANDONED_ROUND_GRACE_MS = 24 * 60 * 60 * 1000;
