import type { StudyMode } from '@portal/shared/study';
import { and, count, desc, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../errors.ts';
import { studySessions } from './study.table.ts';

export type StudySessionRow = typeof studySessions.$inferSelect;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Pick<Db, 'select' | 'insert' | 'update'>;

export type SessionEnd = {
  endedAt: Date;
  pausedSeconds: number;
  activeSeconds: number;
  focusedSeconds: number;
  endReason: 'stopped' | 'finished' | 'abandoned';
};

/** The learner's open session read or locked, and the transaction changes run in. */
function createSessionReads(db: Db) {
  return {
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async findOpen(userId: string, executor: Executor = db): Promise<StudySessionRow | undefined> {
      const [row] = await executor
        .select()
        .from(studySessions)
        .where(and(eq(studySessions.userId, userId), isNull(studySessions.endedAt)));
      return row;
    },

    /** The learner's open session, locked until the transaction ends. */
    async lockOpen(tx: Tx, userId: string): Promise<StudySessionRow | undefined> {
      const [row] = await tx
        .select()
        .from(studySessions)
        .where(and(eq(studySessions.userId, userId), isNull(studySessions.endedAt)))
        .for('update');
      return row;
    },

    /** One of the learner's sessions, locked until the transaction ends; undefined for anyone else's. */
    async lockById(tx: Tx, userId: string, sessionId: string): Promise<StudySessionRow | undefined> {
      const [row] = await tx
        .select()
        .from(studySessions)
        .where(and(eq(studySessions.id, sessionId), eq(studySessions.userId, userId)))
        .for('update');
      return row;
    },
  };
}

/** A session started, paused or ended. */
function createSessionWrites(db: Db) {
  return {
    /** Starts a session; undefined when the learner already has an open one. */
    async insertOpen(values: { userId: string; mode: StudyMode; startedAt: Date }) {
      try {
        const [row] = await db.insert(studySessions).values(values).returning();
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    async setPause(
      tx: Tx,
      userId: string,
      sessionId: string,
      pause: { pausedAt: Date | null; pausedSeconds: number },
    ): Promise<StudySessionRow | undefined> {
      const [row] = await tx
        .update(studySessions)
        .set(pause)
        .where(and(eq(studySessions.id, sessionId), eq(studySessions.userId, userId), isNull(studySessions.endedAt)))
        .returning();
      return row;
    },

    async end(tx: Tx, userId: string, sessionId: string, end: SessionEnd): Promise<StudySessionRow | undefined> {
      const [row] = await tx
        .update(studySessions)
        .set({ ...end, pausedAt: null })
        .where(and(eq(studySessions.id, sessionId), eq(studySessions.userId, userId), isNull(studySessions.endedAt)))
        .returning();
      return row;
    },
  };
}

/** The learner's ended sessions: the latest, and their totals over a window. */
function createSessionHistory(db: Db) {
  return {
    async listRecent(userId: string, limit: number): Promise<StudySessionRow[]> {
      return db
        .select()
        .from(studySessions)
        .where(and(eq(studySessions.userId, userId), isNotNull(studySessions.endedAt)))
        .orderBy(desc(studySessions.startedAt))
        .limit(limit);
    },

    /** Focused seconds and number of the learner's ended sessions that started in [from, to). */
    async endedTotals(userId: string, { from, to }: { from: Date; to: Date }) {
      const [row] = await db
        .select({
          seconds: sql<number>`coalesce(sum(${studySessions.focusedSeconds}), 0)::int`,
          sessions: count(),
        })
        .from(studySessions)
        .where(
          and(
            eq(studySessions.userId, userId),
            isNotNull(studySessions.endedAt),
            gte(studySessions.startedAt, from),
            lt(studySessions.startedAt, to),
          ),
        );
      return { seconds: row?.seconds ?? 0, sessions: row?.sessions ?? 0 };
    },
  };
}
/** Every read and write is scoped by the learner's id. */
export function createStudyRepository({ db }: { db: Db }) {
  return { ...createSessionReads(db), ...createSessionWrites(db), ...createSessionHistory(db) };
}
export type StudyRepository = ReturnType<typeof createStudyRepository>;
