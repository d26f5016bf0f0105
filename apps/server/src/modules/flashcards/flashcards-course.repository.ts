import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courseProgress, courses } from '../../db/schema.ts';
import type { DeckRow } from './flashcards.repository.ts';
import { flashcardCards, flashcardDecks } from './flashcards.table.ts';

/** The course decks a learner may study, and their own cards of them. */
function createCourseDeckStudy({ db }: { db: Db }) {
  return {
    /** Decks of other people attached to courses the learner started that are published or archived. */
    startedCourseDecks(userId: string) {
      return db
        .select({
          deck: flashcardDecks,
          course: { id: courses.id, title: courses.title, requiredTier: courses.requiredTier },
        })
        .from(flashcardDecks)
        .innerJoin(courses, eq(courses.id, flashcardDecks.courseId))
        .innerJoin(courseProgress, and(eq(courseProgress.courseId, courses.id), eq(courseProgress.userId, userId)))
        .where(and(ne(flashcardDecks.userId, userId), inArray(courses.status, ['published', 'archived'])))
        .orderBy(asc(flashcardDecks.name), asc(flashcardDecks.createdAt));
    },

    /** Decks of other people in which the learner has cards (course decks studied now or before). */
    async foreignDeckIdsWithCards(userId: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ deckId: flashcardCards.deckId })
        .from(flashcardCards)
        .innerJoin(flashcardDecks, eq(flashcardDecks.id, flashcardCards.deckId))
        .where(and(eq(flashcardCards.userId, userId), ne(flashcardDecks.userId, userId)));
      return rows.map((row) => row.deckId);
    },

    /** Gives the learner a new card of their own for each card of the decks' authors they do not have yet. */
    async addMissingCards(userId: string, deckIds: string[]) {
      if (deckIds.length === 0) return;
      await db.execute(sql`
        insert into ${flashcardCards} (user_id, deck_id, note_id, ordinal, due)
        select ${userId}, c.deck_id, c.note_id, c.ordinal, now()
        from ${flashcardCards} c
        join ${flashcardDecks} d on d.id = c.deck_id and d.user_id = c.user_id
        where c.deck_id in (${sql.join(
          deckIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        on conflict do nothing`);
    },
  };
}

/** Decks and the courses an author may attach them to. */
function createCourseDeckAuthoring({ db }: { db: Db }) {
  return {
    async findDeck(deckId: string): Promise<DeckRow | undefined> {
      const [row] = await db.select().from(flashcardDecks).where(eq(flashcardDecks.id, deckId));
      return row;
    },

    async coursesByIds(ids: string[]) {
      if (ids.length === 0) return [];
      return db.select({ id: courses.id, title: courses.title }).from(courses).where(inArray(courses.id, ids));
    },

    async findCourse(courseId: string) {
      const [row] = await db
        .select({ id: courses.id, title: courses.title, slug: courses.slug, createdBy: courses.createdBy })
        .from(courses)
        .where(eq(courses.id, courseId));
      return row;
    },

    /** Courses an author may attach decks to: every course for an admin, their own for an instructor. */
    authorableCourses(userId: string, isAdmin: boolean) {
      return db
        .select({ id: courses.id, title: courses.title, slug: courses.slug })
        .from(courses)
        .where(isAdmin ? undefined : eq(courses.createdBy, userId))
        .orderBy(asc(courses.title));
    },

    async setDeckCourse(userId: string, deckId: string, courseId: string | null) {
      const [row] = await db
        .update(flashcardDecks)
        .set({ courseId, updatedAt: new Date() })
        .where(and(eq(flashcardDecks.userId, userId), eq(flashcardDecks.id, deckId)))
        .returning();
      return row;
    },
  };
}
/** Course decks: which a learner may study, their per-learner cards, and which courses an author may attach to. */
export function createFlashcardsCourseRepository(deps: { db: Db }) {
  return { ...createCourseDeckStudy(deps), ...createCourseDeckAuthoring(deps) };
}
export type FlashcardsCourseRepository = ReturnType<typeof createFlashcardsCourseRepository>;
