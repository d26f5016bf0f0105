import { and, asc, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { ScormEnrollmentRow } from './scorm.repository.ts';
import { scormEnrollments, scormPackages } from './scorm.table.ts';

/** Escapes LIKE wildcards so a search for "100%" finds the text "100%". */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/** The learners an author assigns a package to. */
export function createScormAssignmentsRepository({ db }: { db: Db }) {
  return {
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
  };
}

/** A learner's own enrolments. */
export function createScormOwnEnrollmentsRepository({ db }: { db: Db }) {
  return {
    async hasEnrollment(packageId: string, learnerId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: scormEnrollments.id })
        .from(scormEnrollments)
        .where(and(eq(scormEnrollments.packageId, packageId), eq(scormEnrollments.learnerId, learnerId)));
      return Boolean(row);
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
  };
}
