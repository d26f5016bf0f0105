import type { ScormPackageStatus } from '@portal/shared/scorm';
import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../auth/auth.table.ts';
import {
  type scormAttempts,
  scormEnrollments,
  scormPackages,
  scormScos,
  scormSequencingStates,
} from './scorm.table.ts';
import { createScormAttemptsRepository } from './scorm-attempts.repository.ts';

export type ScormPackageRow = typeof scormPackages.$inferSelect;
export type ScormScoRow = typeof scormScos.$inferSelect;
export type ScormEnrollmentRow = typeof scormEnrollments.$inferSelect;
export type ScormAttemptRow = typeof scormAttempts.$inferSelect;
export type NewScormSco = typeof scormScos.$inferInsert;
export type ScormPackageListRow = ScormPackageRow & {
  scoCount: number;
  enrollmentCount: number;
  createdByName: string | null;
};

type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Escapes LIKE wildcards so a search for "100%" finds the text "100%". */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

const packageCounts = {
  scoCount: sql<number>`(select count(*)::int from ${scormScos} where ${scormScos.packageId} = ${scormPackages.id})`,
  enrollmentCount: sql<number>`(select count(*)::int from ${scormEnrollments} where ${scormEnrollments.packageId} = ${scormPackages.id})`,
  createdByName: users.name,
};

export function createScormRepository({ db }: { db: Db }) {
  async function findPackage(packageId: string, executor: Executor = db): Promise<ScormPackageListRow | null> {
    const [row] = await executor
      .select({ pkg: scormPackages, ...packageCounts })
      .from(scormPackages)
      .leftJoin(users, eq(users.id, scormPackages.createdBy))
      .where(eq(scormPackages.id, packageId));
    return row
      ? { ...row.pkg, scoCount: row.scoCount, enrollmentCount: row.enrollmentCount, createdByName: row.createdByName }
      : null;
  }

  return {
    transaction: <T>(work: (tx: Db) => Promise<T>) => db.transaction((tx) => work(tx as unknown as Db)),
    findPackage,

    async insertPackage(values: typeof scormPackages.$inferInsert): Promise<ScormPackageRow> {
      const [row] = await db.insert(scormPackages).values(values).returning();
      if (!row) throw new Error('inserting a SCORM package returned nothing');
      return row;
    },

    /** Packages visible in the studio: every package (`ownerId` null) or one owner's, newest first. */
    async listPackages({
      ownerId,
      search,
      status,
    }: {
      ownerId: string | null;
      search?: string | undefined;
      status?: ScormPackageStatus | undefined;
    }): Promise<ScormPackageListRow[]> {
      const rows = await db
        .select({ pkg: scormPackages, ...packageCounts })
        .from(scormPackages)
        .leftJoin(users, eq(users.id, scormPackages.createdBy))
        .where(
          and(
            ownerId ? eq(scormPackages.createdBy, ownerId) : undefined,
            status ? eq(scormPackages.status, status) : undefined,
            search
              ? or(
                  ilike(scormPackages.title, likePattern(search)),
                  ilike(scormPackages.description, likePattern(search)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(scormPackages.createdAt))
        .limit(500);
      return rows.map((row) => ({
        ...row.pkg,
        scoCount: row.scoCount,
        enrollmentCount: row.enrollmentCount,
        createdByName: row.createdByName,
      }));
    },

    /** Moves a package from one status to the next only if it is still in `from`; null when it was not. */
    async transitionPackage(
      packageId: string,
      from: ScormPackageStatus,
      changes: Partial<typeof scormPackages.$inferInsert> & { status: ScormPackageStatus },
      executor: Executor = db,
    ): Promise<ScormPackageRow | null> {
      const [row] = await executor
        .update(scormPackages)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(and(eq(scormPackages.id, packageId), eq(scormPackages.status, from)))
        .returning();
      return row ?? null;
    },

    /** Renews a running ingest's lease; false when the package is no longer processing (a sweep failed it). */
    async renewIngestLease(packageId: string): Promise<boolean> {
      const rows = await db
        .update(scormPackages)
        .set({ updatedAt: sql`now()` })
        .where(and(eq(scormPackages.id, packageId), eq(scormPackages.status, 'processing')))
        .returning({ id: scormPackages.id });
      return rows.length > 0;
    },

    /**
     * Fails packages whose ingest has not renewed its lease in time, so their owner sees why and can upload again.
     * Conditional on status and age in one statement, so several instances sweeping at once fail each package once
     * and never one another instance is still working on. Returns the ids it failed.
     */
    async failInterrupted(message: string, { leaseSeconds }: { leaseSeconds: number }): Promise<string[]> {
      const rows = await db
        .update(scormPackages)
        .set({ status: 'failed', failureReason: 'interrupted', failureMessage: message, updatedAt: sql`now()` })
        .where(
          and(
            inArray(scormPackages.status, ['uploading', 'processing']),
            sql`${scormPackages.updatedAt} < now() - make_interval(secs => ${leaseSeconds})`,
          ),
        )
        .returning({ id: scormPackages.id });
      return rows.map((row) => row.id);
    },

    /** Which of these packages are still being ingested (uploading or processing). */
    async listIngesting(packageIds: string[]): Promise<string[]> {
      if (packageIds.length === 0) return [];
      const rows = await db
        .select({ id: scormPackages.id })
        .from(scormPackages)
        .where(and(inArray(scormPackages.id, packageIds), inArray(scormPackages.status, ['uploading', 'processing'])));
      return rows.map((row) => row.id);
    },

    async updatePackage(packageId: string, changes: Partial<typeof scormPackages.$inferInsert>) {
      const [row] = await db
        .update(scormPackages)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(scormPackages.id, packageId))
        .returning();
      return row ?? null;
    },

    async deletePackage(packageId: string): Promise<boolean> {
      const rows = await db
        .delete(scormPackages)
        .where(eq(scormPackages.id, packageId))
        .returning({ id: scormPackages.id });
      return rows.length > 0;
    },

    async insertScos(scos: NewScormSco[], executor: Executor = db): Promise<void> {
      if (scos.length === 0) return;
      for (let start = 0; start < scos.length; start += 500) {
        await executor.insert(scormScos).values(scos.slice(start, start + 500));
      }
    },

    async listScos(packageId: string): Promise<ScormScoRow[]> {
      return db.select().from(scormScos).where(eq(scormScos.packageId, packageId)).orderBy(asc(scormScos.position));
    },

    async findSco(packageId: string, scoId: string): Promise<ScormScoRow | null> {
      const [row] = await db
        .select()
        .from(scormScos)
        .where(and(eq(scormScos.packageId, packageId), eq(scormScos.id, scoId)));
      return row ?? null;
    },

    /** Signed-in users who could be assigned a package, matched by name or email. */
    async searchPeople(search: string | undefined) {
      return db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(search ? or(ilike(users.name, likePattern(search)), ilike(users.email, likePattern(search))) : undefined)
        .orderBy(asc(users.name))
        .limit(50);
    },

    async existingUserIds(ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
      return rows.map((row) => row.id);
    },

    async hasEnrollment(packageId: string, learnerId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: scormEnrollments.id })
        .from(scormEnrollments)
        .where(and(eq(scormEnrollments.packageId, packageId), eq(scormEnrollments.learnerId, learnerId)));
      return Boolean(row);
    },

    /** Enrols learners once each; existing enrolments keep their data and get the new due date. */
    async upsertEnrollments(
      packageId: string,
      learnerIds: string[],
      { dueAt, assignedBy }: { dueAt: Date | null; assignedBy: string },
    ): Promise<void> {
      if (learnerIds.length === 0) return;
      await db
        .insert(scormEnrollments)
        .values(learnerIds.map((learnerId) => ({ packageId, learnerId, dueAt, assignedBy })))
        .onConflictDoUpdate({
          target: [scormEnrollments.packageId, scormEnrollments.learnerId],
          set: { dueAt, assignedBy },
        });
    },

    /** A learner's own enrolment in a package, created when missing (public packages). */
    async ensureOwnEnrollment(packageId: string, learnerId: string): Promise<ScormEnrollmentRow> {
      await db
        .insert(scormEnrollments)
        .values({ packageId, learnerId, assignedBy: learnerId })
        .onConflictDoNothing({ target: [scormEnrollments.packageId, scormEnrollments.learnerId] });
      const [row] = await db
        .select()
        .from(scormEnrollments)
        .where(and(eq(scormEnrollments.packageId, packageId), eq(scormEnrollments.learnerId, learnerId)));
      if (!row) throw new Error('enrolment vanished after insert');
      return row;
    },

    async listEnrollments(packageId: string) {
      return db
        .select({ enrollment: scormEnrollments, learner: { id: users.id, name: users.name, email: users.email } })
        .from(scormEnrollments)
        .innerJoin(users, eq(users.id, scormEnrollments.learnerId))
        .where(eq(scormEnrollments.packageId, packageId))
        .orderBy(asc(users.name));
    },

    async deleteEnrollment(packageId: string, enrollmentId: string): Promise<boolean> {
      const rows = await db
        .delete(scormEnrollments)
        .where(and(eq(scormEnrollments.packageId, packageId), eq(scormEnrollments.id, enrollmentId)))
        .returning({ id: scormEnrollments.id });
      return rows.length > 0;
    },

    /** The sequencing state of the learner's own enrolment; null before the first save or for anyone else's. */
    async findOwnSequencingState(learnerId: string, enrollmentId: string) {
      const [row] = await db
        .select({
          state: scormSequencingStates.state,
          revision: scormSequencingStates.revision,
          updatedAt: scormSequencingStates.updatedAt,
        })
        .from(scormSequencingStates)
        .where(
          and(eq(scormSequencingStates.enrollmentId, enrollmentId), eq(scormSequencingStates.learnerId, learnerId)),
        );
      return row ?? null;
    },

    /**
     * Keeps the sequencing state of the learner's own enrolment (the caller checked the enrolment) if it was built on
     * the stored revision (0 before the first save) or the stored one came from the same tab; null otherwise.
     */
    async saveOwnSequencingState(
      learnerId: string,
      enrollmentId: string,
      { state, revision, window }: { state: string; revision: number; window: string },
    ) {
      const now = new Date();
      // One statement, so racing windows are decided by the row lock: the first to update wins.
      const [row] = await db
        .insert(scormSequencingStates)
        .values({ enrollmentId, learnerId, state, revision: 1, savedBy: window, updatedAt: now })
        .onConflictDoUpdate({
          target: scormSequencingStates.enrollmentId,
          set: { state, revision: sql`${scormSequencingStates.revision} + 1`, savedBy: window, updatedAt: now },
          setWhere: and(
            eq(scormSequencingStates.learnerId, learnerId),
            or(eq(scormSequencingStates.revision, revision), eq(scormSequencingStates.savedBy, window)),
          ),
        })
        .returning({ revision: scormSequencingStates.revision, updatedAt: scormSequencingStates.updatedAt });
      return row ?? null;
    },

    /** The learner's own enrolment; null for anyone else's. */
    async findOwnEnrollment(learnerId: string, enrollmentId: string): Promise<ScormEnrollmentRow | null> {
      const [row] = await db
        .select()
        .from(scormEnrollments)
        .where(and(eq(scormEnrollments.id, enrollmentId), eq(scormEnrollments.learnerId, learnerId)));
      return row ?? null;
    },

    async listOwnEnrollments(learnerId: string) {
      return db
        .select({ enrollment: scormEnrollments, pkg: scormPackages })
        .from(scormEnrollments)
        .innerJoin(scormPackages, eq(scormPackages.id, scormEnrollments.packageId))
        .where(and(eq(scormEnrollments.learnerId, learnerId), eq(scormPackages.status, 'ready')))
        .orderBy(asc(scormEnrollments.dueAt), desc(scormEnrollments.createdAt));
    },

    ...createScormAttemptsRepository({ db }),
  };
}
export type ScormRepository = ReturnType<typeof createScormRepository>;
