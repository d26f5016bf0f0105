import type { ScormPackageStatus } from '@portal/shared/scorm';
import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { type scormAttempts, scormEnrollments, scormPackages, scormScos } from './scorm.table.ts';
import { createScormAttemptsRepository } from './scorm-attempts.repository.ts';
import {
  createScormAssignmentsRepository,
  createScormOwnEnrollmentsRepository,
} from './scorm-enrollments.repository.ts';
import { createScormSequencingStateRepository } from './scorm-sequencing-state.repository.ts';

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

const withCounts = (row: {
  pkg: ScormPackageRow;
  scoCount: number;
  enrollmentCount: number;
  createdByName: string | null;
}) => ({
  ...row.pkg,
  scoCount: row.scoCount,
  enrollmentCount: row.enrollmentCount,
  createdByName: row.createdByName,
});

/** Packages visible in the studio: every package (`ownerId` null) or one owner's, newest first. */
async function listPackages(
  db: Db,
  {
    ownerId,
    search,
    status,
  }: {
    ownerId: string | null;
    search?: string | undefined;
    status?: ScormPackageStatus | undefined;
  },
): Promise<ScormPackageListRow[]> {
  const rows = await db
    .select({ pkg: scormPackages, ...packageCounts })
    .from(scormPackages)
    .leftJoin(users, eq(users.id, scormPackages.createdBy))
    .where(
      and(
        ownerId ? eq(scormPackages.createdBy, ownerId) : undefined,
        status ? eq(scormPackages.status, status) : undefined,
        search
          ? or(ilike(scormPackages.title, likePattern(search)), ilike(scormPackages.description, likePattern(search)))
          : undefined,
      ),
    )
    .orderBy(desc(scormPackages.createdAt))
    .limit(500);
  return rows.map(withCounts);
}

/** A package's row: reading, creating, changing and deleting it. */
function createPackageRows(db: Db) {
  return {
    async findPackage(packageId: string, executor: Executor = db): Promise<ScormPackageListRow | null> {
      const [row] = await executor
        .select({ pkg: scormPackages, ...packageCounts })
        .from(scormPackages)
        .leftJoin(users, eq(users.id, scormPackages.createdBy))
        .where(eq(scormPackages.id, packageId));
      return row ? withCounts(row) : null;
    },

    async insertPackage(values: typeof scormPackages.$inferInsert): Promise<ScormPackageRow> {
      const [row] = await db.insert(scormPackages).values(values).returning();
      if (!row) throw new Error('inserting a SCORM package returned nothing');
      return row;
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
  };
}

/** A package's status as its ingest moves it on, and the lease a running ingest holds. */
function createPackageIngestStates(db: Db) {
  return {
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

    /** Which of these packages are still being ingested (uploading or processing). */
    async listIngesting(packageIds: string[]): Promise<string[]> {
      if (packageIds.length === 0) return [];
      const rows = await db
        .select({ id: scormPackages.id })
        .from(scormPackages)
        .where(and(inArray(scormPackages.id, packageIds), inArray(scormPackages.status, ['uploading', 'processing'])));
      return rows.map((row) => row.id);
    },
  };
}

/**
 * Fails packages whose ingest has not renewed its lease in time, so their owner sees why and can upload again.
 * Conditional on status and age in one statement, so several instances sweeping at once fail each package once
 * and never one another instance is still working on. Returns the ids it failed.
 */
async function failInterrupted(db: Db, message: string, { leaseSeconds }: { leaseSeconds: number }): Promise<string[]> {
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
}

/** The SCOs of a package. */
function createScoRows(db: Db) {
  return {
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
  };
}

export function createScormRepository({ db }: { db: Db }) {
  return {
    transaction: <T>(work: (tx: Db) => Promise<T>) => db.transaction((tx) => work(tx as unknown as Db)),
    ...createPackageRows(db),
    listPackages: (query: Parameters<typeof listPackages>[1]) => listPackages(db, query),
    ...createPackageIngestStates(db),
    failInterrupted: (message: string, options: { leaseSeconds: number }) => failInterrupted(db, message, options),
    ...createScoRows(db),
    ...createScormAssignmentsRepository({ db }),
    ...createScormOwnEnrollmentsRepository({ db }),
    ...createScormSequencingStateRepository({ db }),
    ...createScormAttemptsRepository({ db }),
  };
}
export type ScormRepository = ReturnType<typeof createScormRepository>;
