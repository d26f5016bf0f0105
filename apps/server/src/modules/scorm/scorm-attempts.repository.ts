import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { BuiltOnce } from '../../db/built-once.ts';
import type { Db } from '../../db/client.ts';
import { jsonRows, rowValues, setFromRows } from '../../db/json-rows.ts';
import { genericPlan } from '../../db/preparing-client.ts';
import type { ScormAttemptRow } from './scorm.repository.ts';
import {
  scormAttemptData,
  scormAttempts,
  scormEnrollments,
  scormInteractions,
  scormObjectives,
  scormPackages,
  scormScos,
} from './scorm.table.ts';
import { storeObjectives } from './scorm-objectives.ts';

type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** What the roll-up needs of each SCO of a package. */
type ProgressSco = {
  id: string;
  scormType: 'sco' | 'asset';
  organizationId: string;
  itemId: string;
};

/** What a commit changes on its attempt row. */
export type CommitChanges = Partial<typeof scormAttempts.$inferInsert>;

/** The most commits one statement saves (`saveCommitsAtOnce`). */
export const COMMITS_PER_STATEMENT = 32;

/** One commit to save at once: whose attempt, its version read, what it changes, its cmi and the time it earned. */
export type CommitAtOnce = {
  learnerId: string;
  attemptId: string;
  version: string;
  changes: CommitChanges;
  cmi: Record<string, unknown>;
  seconds: number;
};

/** The columns a commit changes, in a fixed order. */
const changedColumns = (changes: CommitChanges) =>
  (Object.keys(changes) as (keyof CommitChanges)[]).filter((key) => changes[key] !== undefined).sort();

/** What makes commits' statement differ: the columns they change. */
export const commitShape = (changes: CommitChanges) => changedColumns(changes).join(',');

/**
 * `saveCommitsAtOnce`'s statement for commits changing `columns`. The commits arrive as one json array (`commits`),
 * a row each with its position (`ord`), so one statement, built and prepared once, saves any number of them: each
 * attempt saved if it is still the version read (its new version and time returned, so the learner's next commit can
 * go ahead against it without reading it), its cmi, and the learning time it earned. Every step reaches its rows by
 * their keys, commit by commit (at most `COMMITS_PER_STATEMENT`, which the plan is made for).
 */
function commitsAtOnceStatement(columns: (keyof CommitChanges)[], addTime: (gained: SQL) => SQL): SQL {
  const a = scormAttempts;
  const changed = columns.map((key) => a[key]);
  const set = [...setFromRows('c', changed), sql`updated_at = now()`];
  const fixed = 'ord int, learner_id text, attempt_id uuid, version text, cmi jsonb, seconds int';
  return genericPlan(sql`with commits as (${jsonRows('commits', 'c', fixed, changed, COMMITS_PER_STATEMENT)}),
    saved as (
      update ${a} set ${sql.join(set, sql`, `)}
      from commits c
      where ${a}.id = c.attempt_id and ${a}.learner_id = c.learner_id and ${a}.xmin::text = c.version
      returning ${a}.id, ${a}.xmin::text as version, ${a}.updated_at, c.ord, c.learner_id, c.cmi, c.seconds
    ),
    data as (
      insert into ${scormAttemptData} (attempt_id, cmi) select id, cmi from saved
      on conflict (attempt_id) do update set cmi = excluded.cmi, updated_at = now()
    ),
    ${addTime(sql`select s.learner_id, s.seconds from saved s`)}
    select c.ord, s.version, s.updated_at as "updatedAt" from commits c left join saved s on s.ord = c.ord
    order by c.ord`);
}

type SavedVersion = { version: string; updatedAt: Date };

/** One commit as a row of `commitsAtOnceStatement`'s json array: its place, whose attempt, and the values it sets. */
function commitRows(commits: readonly CommitAtOnce[], columns: (keyof CommitChanges)[]): string {
  return JSON.stringify(
    commits.map(({ learnerId, attemptId, version, changes, cmi, seconds }, ord) => ({
      ord,
      learner_id: learnerId,
      attempt_id: attemptId,
      version,
      cmi,
      seconds: Math.round(seconds),
      ...rowValues(scormAttempts, columns, changes),
    })),
  );
}

/**
 * Saves commits in one statement, each if its attempt is still the version read: the changed columns, its cmi,
 * and the learning time it earned (`addTime`: steps of the same statement, given rows (learner_id, seconds)). For
 * commits that change nothing the roll-up reads, nor the interactions or objectives (the caller decides): those
 * stay as stored. One statement commits on its own, so no lock is held across round trips. The commits must change
 * the same columns (`commitShape`) and be of different learners, at most `COMMITS_PER_STATEMENT`. Each answer is in
 * its commit's place: undefined when the attempt changed since it was read (another tab's commit, a new session);
 * the caller then takes the locked way.
 */
async function saveCommitsAtOnce(
  db: Db,
  commitStatements: BuiltOnce,
  commits: readonly CommitAtOnce[],
  addTime: (gained: SQL) => SQL,
): Promise<(SavedVersion | undefined)[]> {
  const [first] = commits;
  if (!first) return [];
  const columns = changedColumns(first.changes);
  const rows = await commitStatements.run<{ ord: number; version: string | null; updatedAt: Date | string | null }>(
    db,
    columns.join(','),
    () => commitsAtOnceStatement(columns, addTime),
    { commits: commitRows(commits, columns) },
  );
  const byOrd = new Map(rows.map((row) => [row.ord, row]));
  return commits.map((_, ord) => {
    const row = byOrd.get(ord);
    return row?.version && row.updatedAt ? { version: row.version, updatedAt: new Date(row.updatedAt) } : undefined;
  });
}

/** Locks an attempt of this learner for a commit; null when it is not theirs. */
async function lockOwnAttempt(
  executor: Executor,
  learnerId: string,
  attemptId: string,
): Promise<ScormAttemptRow | null> {
  const [row] = await executor
    .select()
    .from(scormAttempts)
    .where(and(eq(scormAttempts.id, attemptId), eq(scormAttempts.learnerId, learnerId)))
    .for('update');
  return row ?? null;
}

/** Stores an attempt's commit; answers the row's new version and time (see `findOwnAttemptForCommit`). */
async function saveAttempt(
  executor: Executor,
  attemptId: string,
  changes: Partial<typeof scormAttempts.$inferInsert>,
  cmi: Record<string, unknown>,
  interactions: Array<Omit<typeof scormInteractions.$inferInsert, 'attemptId'>>,
): Promise<SavedVersion | undefined> {
  const [saved] = await executor
    .update(scormAttempts)
    // A numbered commit sets `commitCount` to its number; anything else stored counts one more.
    .set({ commitCount: sql`${scormAttempts.commitCount} + 1`, ...changes, updatedAt: sql`now()` })
    .where(eq(scormAttempts.id, attemptId))
    .returning({ version: sql<string>`${scormAttempts}.xmin::text`, updatedAt: scormAttempts.updatedAt });
  await executor
    .insert(scormAttemptData)
    .values({ attemptId, cmi })
    .onConflictDoUpdate({ target: scormAttemptData.attemptId, set: { cmi, updatedAt: sql`now()` } });
  // The commit carries the whole list of interactions and objectives: the stored ones go in one round trip.
  await executor.execute(sql`
    with interactions as (delete from ${scormInteractions} where ${scormInteractions.attemptId} = ${attemptId})
    delete from ${scormObjectives} where ${scormObjectives.attemptId} = ${attemptId}`);
  if (interactions.length > 0) {
    await executor.insert(scormInteractions).values(interactions.map((row) => ({ ...row, attemptId })));
  }
  await storeObjectives(executor, attemptId, cmi);
  return saved;
}

/** Locks the enrolment and returns it with the attempts of every SCO, for rolling progress up. */
async function lockEnrollmentProgress(executor: Executor, enrollmentId: string) {
  const [enrollment] = await executor
    .select()
    .from(scormEnrollments)
    .where(eq(scormEnrollments.id, enrollmentId))
    .for('update');
  if (!enrollment) return null;
  const attempts = await executor.select().from(scormAttempts).where(eq(scormAttempts.enrollmentId, enrollmentId));
  // The package's structure and its SCOs in one round trip.
  const [pkg] = await executor
    .select({
      structure: scormPackages.structure,
      scos: sql<ProgressSco[]>`coalesce((
        select json_agg(json_build_object(
          'id', sco.id, 'scormType', sco.scorm_type, 'organizationId', sco.organization_id, 'itemId', sco.item_id))
        from ${scormScos} sco where sco.package_id = ${enrollment.packageId}), '[]'::json)`,
    })
    .from(scormPackages)
    .where(eq(scormPackages.id, enrollment.packageId));
  return { enrollment, attempts, scos: pkg?.scos ?? [], structure: pkg?.structure ?? null };
}

async function stampEnrollment(
  executor: Executor,
  enrollmentId: string,
  changes: { completedAt?: Date; passedAt?: Date },
) {
  await executor
    .update(scormEnrollments)
    .set(changes)
    .where(and(eq(scormEnrollments.id, enrollmentId)));
}

/** The attempts a learner reads: for progress, to resume, and for a commit. */
function createAttemptReads(db: Db) {
  return {
    /** Every attempt of a learner's enrolments (or of one), for progress per SCO. */
    async listOwnAttempts(learnerId: string, enrollmentIds: string[]): Promise<ScormAttemptRow[]> {
      if (enrollmentIds.length === 0) return [];
      return db
        .select()
        .from(scormAttempts)
        .where(and(eq(scormAttempts.learnerId, learnerId), inArray(scormAttempts.enrollmentId, enrollmentIds)))
        .orderBy(asc(scormAttempts.number));
    },

    async latestOwnAttempt(learnerId: string, enrollmentId: string, scoId: string): Promise<ScormAttemptRow | null> {
      const [row] = await db
        .select()
        .from(scormAttempts)
        .where(
          and(
            eq(scormAttempts.learnerId, learnerId),
            eq(scormAttempts.enrollmentId, enrollmentId),
            eq(scormAttempts.scoId, scoId),
          ),
        )
        .orderBy(desc(scormAttempts.number))
        .limit(1);
      return row ?? null;
    },

    async findOwnAttempt(learnerId: string, attemptId: string, executor: Executor = db) {
      const [row] = await executor
        .select({ attempt: scormAttempts, sco: scormScos, pkg: scormPackages })
        .from(scormAttempts)
        .innerJoin(scormScos, eq(scormScos.id, scormAttempts.scoId))
        .innerJoin(scormPackages, eq(scormPackages.id, scormScos.packageId))
        .where(and(eq(scormAttempts.id, attemptId), eq(scormAttempts.learnerId, learnerId)));
      return row ?? null;
    },

    async findAttemptData(attemptId: string): Promise<Record<string, unknown> | null> {
      const [row] = await db.select().from(scormAttemptData).where(eq(scormAttemptData.attemptId, attemptId));
      return row?.cmi ?? null;
    },
  };
}

/**
 * An attempt of this learner, read at once for a commit: with its SCO and package, its stored cmi (null before the
 * first commit) and the row's version (its `xmin`: it changes with every update of the row).
 */
async function findOwnAttemptForCommit(db: Db, learnerId: string, attemptId: string) {
  const [row] = await db
    .select({
      attempt: scormAttempts,
      sco: scormScos,
      pkg: scormPackages,
      stored: scormAttemptData.cmi,
      version: sql<string>`${scormAttempts}.xmin::text`,
    })
    .from(scormAttempts)
    .innerJoin(scormScos, eq(scormScos.id, scormAttempts.scoId))
    .innerJoin(scormPackages, eq(scormPackages.id, scormScos.packageId))
    .leftJoin(scormAttemptData, eq(scormAttemptData.attemptId, scormAttempts.id))
    .where(and(eq(scormAttempts.id, attemptId), eq(scormAttempts.learnerId, learnerId)));
  return row ?? null;
}

/** Starting attempts and their sessions, and the enrolment's last launch. */
function createAttemptLaunches(db: Db) {
  return {
    async insertAttempt(values: typeof scormAttempts.$inferInsert): Promise<ScormAttemptRow> {
      const [row] = await db.insert(scormAttempts).values(values).returning();
      if (!row) throw new Error('inserting an attempt returned nothing');
      return row;
    },

    /**
     * A new session of an attempt begins: its total so far is the base the session's time is added to, and it runs as
     * the attempt's next launch. Answers that launch's number.
     */
    async beginSession(learnerId: string, attemptId: string): Promise<number> {
      const [row] = await db
        .update(scormAttempts)
        .set({
          sessionBaseSeconds: sql`${scormAttempts.totalTimeSeconds}`,
          launchCount: sql`${scormAttempts.launchCount} + 1`,
        })
        .where(and(eq(scormAttempts.id, attemptId), eq(scormAttempts.learnerId, learnerId)))
        .returning({ launch: scormAttempts.launchCount });
      if (!row) throw new Error('beginning a session found no attempt');
      return row.launch;
    },

    async markLaunched(learnerId: string, enrollmentId: string, scoId: string) {
      await db
        .update(scormEnrollments)
        .set({ lastLaunchedAt: sql`now()`, lastScoId: scoId })
        .where(and(eq(scormEnrollments.id, enrollmentId), eq(scormEnrollments.learnerId, learnerId)));
    },
  };
}

/** Every attempt of a package and its interactions' figures, for the package's analytics. */
function createPackageAttemptFigures(db: Db) {
  return {
    async packageAttempts(packageId: string) {
      return db
        .select({ attempt: scormAttempts, enrollmentId: scormEnrollments.id })
        .from(scormAttempts)
        .innerJoin(scormEnrollments, eq(scormEnrollments.id, scormAttempts.enrollmentId))
        .where(eq(scormEnrollments.packageId, packageId));
    },

    async packageInteractionStats(packageId: string) {
      return db
        .select({
          interactionId: scormInteractions.interactionId,
          description: sql<string | null>`max(${scormInteractions.description})`,
          type: sql<string | null>`max(${scormInteractions.type})`,
          responses: sql<number>`count(*)::int`,
          correct: sql<number>`count(*) filter (where ${scormInteractions.result} = 'correct')::int`,
          incorrect: sql<number>`count(*) filter (where ${scormInteractions.result} in ('incorrect', 'wrong'))::int`,
        })
        .from(scormInteractions)
        .innerJoin(scormAttempts, eq(scormAttempts.id, scormInteractions.attemptId))
        .innerJoin(scormEnrollments, eq(scormEnrollments.id, scormAttempts.enrollmentId))
        .where(eq(scormEnrollments.packageId, packageId))
        .groupBy(scormInteractions.interactionId)
        .orderBy(asc(scormInteractions.interactionId));
    },
  };
}

/** A learner's attempts of SCOs: sessions, commits, stored data, roll-up inputs and per-package attempt figures. */
export function createScormAttemptsRepository({ db }: { db: Db }) {
  const commitStatements = new BuiltOnce();
  return {
    ...createAttemptReads(db),
    ...createAttemptLaunches(db),
    findOwnAttemptForCommit: (learnerId: string, attemptId: string) =>
      findOwnAttemptForCommit(db, learnerId, attemptId),

    saveCommitsAtOnce: (commits: readonly CommitAtOnce[], addTime: (gained: SQL) => SQL) =>
      saveCommitsAtOnce(db, commitStatements, commits, addTime),
    lockOwnAttempt,
    saveAttempt,
    lockEnrollmentProgress,
    stampEnrollment,
    ...createPackageAttemptFigures(db),
  };
}
