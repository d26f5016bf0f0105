import type { IssuedItem } from '@portal/shared/game-rounds';
import type { Game, GameDifficulty } from '@portal/shared/games';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gameBests, gameRounds } from './games.table.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type RoundRow = typeof gameRounds.$inferSelect;
export type BestRow = typeof gameBests.$inferSelect;

/** Rounds as issued, finished, and swept once abandoned. */
function createGameRounds({ db }: { db: Db }) {
  return {
    async insertRound(round: {
      userId: string;
      game: Game;
      difficulty: GameDifficulty;
      timed: boolean;
      items: IssuedItem[];
      issuedAt: Date;
      expiresAt: Date;
    }): Promise<RoundRow> {
      const [row] = await db.insert(gameRounds).values(round).returning();
      if (!row) throw new Error('game round not stored');
      return row;
    },

    async findRound(userId: string, roundId: string): Promise<RoundRow | undefined> {
      const [row] = await db
        .select()
        .from(gameRounds)
        .where(and(eq(gameRounds.id, roundId), eq(gameRounds.userId, userId)));
      return row;
    },

    /** Marks the round finished unless it already is; undefined when another finish got there first. */
    async finishRound(
      tx: Tx,
      userId: string,
      roundId: string,
      result: { finishedAt: Date; score: number; elapsedMs: number },
    ): Promise<RoundRow | undefined> {
      const [row] = await tx
        .update(gameRounds)
        .set(result)
        .where(and(eq(gameRounds.id, roundId), eq(gameRounds.userId, userId), isNull(gameRounds.finishedAt)))
        .returning();
      return row;
    },

    /** Deletes rounds never finished that expired before `before` (their answers are of no use any more). */
    async deleteAbandonedRounds(before: Date): Promise<number> {
      const deleted = await db
        .delete(gameRounds)
        .where(and(isNull(gameRounds.finishedAt), lt(gameRounds.expiresAt, before)))
        .returning({ id: gameRounds.id });
      return deleted.length;
    },
  };
}

/** The learner's best result per game, difficulty and timing. */
function createGameBests({ db }: { db: Db }) {
  return {
    async listBests(userId: string): Promise<BestRow[]> {
      return db.select().from(gameBests).where(eq(gameBests.userId, userId));
    },

    /** Keeps the result when it beats the stored best (more correct, or as many faster); true when it did. */
    async saveIfBest(tx: Tx, best: BestRow): Promise<boolean> {
      const saved = await tx
        .insert(gameBests)
        .values(best)
        .onConflictDoUpdate({
          target: [gameBests.userId, gameBests.game, gameBests.difficulty, gameBests.timed],
          set: { score: best.score, elapsedMs: best.elapsedMs, roundId: best.roundId, achievedAt: best.achievedAt },
          setWhere: sql`excluded.score > ${gameBests.score}
            or (excluded.score = ${gameBests.score} and excluded.elapsed_ms < ${gameBests.elapsedMs})`,
        })
        .returning({ roundId: gameBests.roundId });
      return saved.length > 0;
    },
  };
}
/** Rounds and bests; every read and write is scoped by the learner's id. */
export function createGamesRepository(deps: { db: Db }) {
  const { db } = deps;
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },
    ...createGameRounds(deps),
    ...createGameBests(deps),
  };
}
export type GamesRepository = ReturnType<typeof createGamesRepository>;
