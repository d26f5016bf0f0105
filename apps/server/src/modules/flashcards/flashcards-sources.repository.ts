import { SCORM_WRONG_RESULTS } from '@portal/shared/scorm';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  courses,
  lessons,
  notes,
  quizAttempts,
  scormAttempts,
  scormEnrollments,
  scormInteractions,
} from '../../db/schema.ts';
import type { NoteRow, Tx } from './flashcards.repository.ts';
import { flashcardDecks, flashcardNotes } from './flashcards.table.ts';

/** The learner's graded quiz submissions with each quiz lesson's questions, newest first. */
function quizAttemptsOf(db: Db, userId: string) {
  return db
    .select({
      results: quizAttempts.results,
      lessonId: lessons.id,
      lessonTitle: lessons.title,
      courseId: lessons.courseId,
      content: lessons.content,
    })
    .from(quizAttempts)
    .innerJoin(lessons, eq(lessons.id, quizAttempts.lessonId))
    .where(
      and(
        eq(quizAttempts.userId, userId),
        sql`exists (select 1 from jsonb_array_elements(${quizAttempts.results}) r
        where (r->>'correct')::boolean = false)`,
      ),
    )
    .orderBy(desc(quizAttempts.submittedAt));
}

/** The learner's SCORM interactions answered wrong, with a lesson embedding the package when there is one. */
function scormWrongInteractionsOf(db: Db, userId: string) {
  return db
    .select({
      packageId: scormEnrollments.packageId,
      interactionId: scormInteractions.interactionId,
      description: scormInteractions.description,
      learnerResponse: scormInteractions.learnerResponse,
      correctResponse: scormInteractions.correctResponse,
      lessonId: lessons.id,
      lessonTitle: lessons.title,
      courseId: courses.id,
    })
    .from(scormInteractions)
    .innerJoin(scormAttempts, eq(scormAttempts.id, scormInteractions.attemptId))
    .innerJoin(scormEnrollments, eq(scormEnrollments.id, scormAttempts.enrollmentId))
    .leftJoin(lessons, eq(lessons.scormPackageId, scormEnrollments.packageId))
    .leftJoin(courses, eq(courses.id, lessons.courseId))
    .where(
      and(
        eq(scormAttempts.learnerId, userId),
        inArray(sql`lower(${scormInteractions.result})`, SCORM_WRONG_RESULTS),
        isNotNull(scormInteractions.correctResponse),
      ),
    )
    .orderBy(desc(scormAttempts.startedAt), desc(scormInteractions.position));
}

/** What one-click cards are made from, always the signed-in learner's own: notes, quiz answers, SCORM interactions. */
export function createFlashcardsSourcesRepository({ db }: { db: Db }) {
  return {
    async findOwnNote(userId: string, noteId: string) {
      const [row] = await db
        .select({ note: notes, lessonTitle: lessons.title })
        .from(notes)
        .leftJoin(lessons, eq(lessons.id, notes.lessonId))
        .where(and(eq(notes.userId, userId), eq(notes.id, noteId)));
      return row;
    },

    async findDeckByName(userId: string, name: string) {
      const [row] = await db
        .select()
        .from(flashcardDecks)
        .where(and(eq(flashcardDecks.userId, userId), eq(flashcardDecks.name, name)))
        .limit(1);
      return row;
    },

    async findNoteBySource(userId: string, sourceKey: string) {
      const [row] = await db
        .select()
        .from(flashcardNotes)
        .where(and(eq(flashcardNotes.userId, userId), eq(flashcardNotes.sourceKey, sourceKey)));
      return row;
    },

    async cardedKeys(userId: string, keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .select({ key: flashcardNotes.sourceKey })
        .from(flashcardNotes)
        .where(and(eq(flashcardNotes.userId, userId), inArray(flashcardNotes.sourceKey, keys)));
      return new Set(rows.flatMap((row) => (row.key ? [row.key] : [])));
    },

    /** Inserts the note unless the learner already has one from the same source; undefined then. */
    async insertSourcedNote(tx: Tx, values: typeof flashcardNotes.$inferInsert): Promise<NoteRow | undefined> {
      const [row] = await tx.insert(flashcardNotes).values(values).onConflictDoNothing().returning();
      return row;
    },

    quizAttempts: (userId: string) => quizAttemptsOf(db, userId),
    scormWrongInteractions: (userId: string) => scormWrongInteractionsOf(db, userId),
  };
}
export type FlashcardsSourcesRepository = ReturnType<typeof createFlashcardsSourcesRepository>;
