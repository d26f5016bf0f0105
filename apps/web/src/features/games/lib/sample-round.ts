import {
  beats,
  drawRound,
  forgedAnswers,
  gradeRound,
  type IssuedItem,
  type PoolItem,
  presentRound,
} from '@portal/shared/game-rounds';
import type { CreateRoundBody, FinishRoundBody, GameRound, PersonalBest, RoundResult } from '@portal/shared/games';

const BESTS_STORAGE_KEY = 'portal.games.sample-bests';
const random = (below: number) => Math.floor(Math.random() * below);

type StoredBests = Record<string, PersonalBest>;
const bestKey = (best: Pick<PersonalBest, 'game' | 'difficulty' | 'timed'>) =>
  `${best.game}:${best.difficulty}:${best.timed}`;

/** Bests of sample rounds live only in this browser. */
export function readSampleBests(): PersonalBest[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(BESTS_STORAGE_KEY) ?? '{}') as StoredBests;
    return Object.values(parsed);
  } catch {
    return [];
  }
}

function saveSampleBest(best: PersonalBest): void {
  const all = Object.fromEntries(readSampleBests().map((entry) => [bestKey(entry), entry]));
  all[bestKey(best)] = best;
  localStorage.setItem(BESTS_STORAGE_KEY, JSON.stringify(all));
}

/** Rounds of the sample set for signed-out visitors, drawn and graded in the browser with the server's rules; no XP. */
export function createSampleEngine(pool: PoolItem[]) {
  const rounds = new Map<string, { round: GameRound; items: IssuedItem[] }>();
  return {
    async start(body: CreateRoundBody): Promise<GameRound> {
      const items = drawRound(pool, body, random);
      if (!items) throw new Error('The sample set is too small for this game.');
      const issuedAt = new Date();
      const round = presentRound({ id: crypto.randomUUID(), body, issuedAt, expiresAt: issuedAt, items }, random);
      rounds.set(round.id, { round, items });
      return round;
    },
    async finish(roundId: string, body: FinishRoundBody): Promise<RoundResult> {
      const entry = rounds.get(roundId);
      if (!entry) throw new Error('Unknown round.');
      rounds.delete(roundId);
      const { round, items } = entry;
      const forged = forgedAnswers(items, round.game, body.answers);
      if (forged) throw new Error(forged);
      const { results, score } = gradeRound(items, round.game, body.answers);
      const previous = readSampleBests().find((best) => bestKey(best) === bestKey(round)) ?? null;
      const candidate: PersonalBest = {
        game: round.game,
        difficulty: round.difficulty,
        timed: round.timed,
        score,
        elapsed_ms: body.elapsed_ms,
        achieved_at: new Date().toISOString(),
      };
      const newBest = score > 0 && beats(candidate, previous);
      if (newBest) saveSampleBest(candidate);
      return {
        round_id: roundId,
        game: round.game,
        difficulty: round.difficulty,
        timed: round.timed,
        score,
        total: items.length,
        elapsed_ms: body.elapsed_ms,
        results,
        best: newBest ? candidate : previous,
        new_best: newBest,
        xp_event: false,
      };
    },
  };
}

export type GameEngine = ReturnType<typeof createSampleEngine>;
