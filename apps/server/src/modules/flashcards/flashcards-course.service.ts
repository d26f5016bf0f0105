import type { CourseOption } from '@portal/shared/flashcards-sources';
import type { Role } from '@portal/shared/roles';
import { hasTierAccess, type SubscriptionStatus } from '@portal/shared/tiers';
import { AppError } from '../../errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { DeckRow } from './flashcards.repository.ts';
import type { FlashcardsCourseRepository } from './flashcards-course.repository.ts';

export type SharedDeck = { deck: DeckRow; course: { id: string; title: string } };

type Actor = { id: string; role: Role };

/** Only an author of the course (or an admin) attaches a deck to it. */
async function refuseUnauthorableCourse(courseRepository: FlashcardsCourseRepository, actor: Actor, courseId: string) {
  const course = await courseRepository.findCourse(courseId);
  if (!course) throw new AppError('not_found', 'Course not found.');
  if (actor.role !== 'admin' && course.createdBy !== actor.id) {
    throw new AppError('forbidden', 'Only the authors of this course can attach a deck to it.');
  }
}

async function attachDeck(
  {
    courseRepository,
    auditService,
  }: { courseRepository: FlashcardsCourseRepository; auditService: Pick<AuditService, 'recordAuditEvent'> },
  { actor, deckId, courseId }: { actor: Actor; deckId: string; courseId: string | null },
) {
  const deck = await courseRepository.findDeck(deckId);
  if (!deck || deck.userId !== actor.id) throw new AppError('not_found', 'Deck not found.');
  if (courseId) await refuseUnauthorableCourse(courseRepository, actor, courseId);
  const updated = await courseRepository.setDeckCourse(actor.id, deckId, courseId);
  if (!updated) throw new AppError('not_found', 'Deck not found.');
  if (actor.role === 'admin') {
    await auditService.recordAuditEvent({
      userId: actor.id,
      actorId: actor.id,
      action: courseId ? 'flashcards.deck.attach' : 'flashcards.deck.detach',
      tableName: 'flashcard_decks',
      recordId: deckId,
      oldValues: { course_id: deck.courseId },
      newValues: { course_id: courseId },
    });
  }
  return updated;
}

type CourseServiceDeps = {
  courseRepository: FlashcardsCourseRepository;
  getSubscription: (userId: string) => Promise<SubscriptionStatus>;
  auditService: Pick<AuditService, 'recordAuditEvent'>;
};

/** The course decks of courses the learner started, when the course is in their plan. */
async function sharedDecksOf(
  { courseRepository, getSubscription }: Omit<CourseServiceDeps, 'auditService'>,
  userId: string,
): Promise<SharedDeck[]> {
  const rows = await courseRepository.startedCourseDecks(userId);
  if (rows.length === 0) return [];
  const subscription = await getSubscription(userId);
  return rows
    .filter((row) => hasTierAccess(subscription, row.course.requiredTier))
    .map((row) => ({ deck: row.deck, course: { id: row.course.id, title: row.course.title } }));
}

/**
 * Who sees a course deck: its author edits it; a learner who started its course (published or archived, and in
 * their plan) studies it read-only with cards of their own; anyone else is told it does not exist.
 */
export function createFlashcardsCourseService({ courseRepository, getSubscription, auditService }: CourseServiceDeps) {
  const sharedDecks = (userId: string): Promise<SharedDeck[]> =>
    sharedDecksOf({ courseRepository, getSubscription }, userId);

  return {
    sharedDecks,

    /**
     * Brings the learner's own cards of their course decks up to date and names the decks of others they may no
     * longer study (left out of their queue and counts, their history kept should access come back).
     */
    async prepare(userId: string): Promise<string[]> {
      const [shared, withCards] = await Promise.all([
        sharedDecks(userId),
        courseRepository.foreignDeckIdsWithCards(userId),
      ]);
      const open = new Set(shared.map((entry) => entry.deck.id));
      await courseRepository.addMissingCards(userId, [...open]);
      return withCards.filter((deckId) => !open.has(deckId));
    },

    /** A course deck the learner may study, or undefined. */
    async sharedDeck(userId: string, deckId: string): Promise<SharedDeck | undefined> {
      return (await sharedDecks(userId)).find((entry) => entry.deck.id === deckId);
    },

    async coursesOf(decks: DeckRow[]) {
      const ids = [...new Set(decks.flatMap((deck) => (deck.courseId ? [deck.courseId] : [])))];
      return new Map((await courseRepository.coursesByIds(ids)).map((course) => [course.id, course]));
    },

    courseOptions(actor: Actor): Promise<CourseOption[]> {
      return courseRepository.authorableCourses(actor.id, actor.role === 'admin');
    },

    /** Attaches the author's own deck to a course they may author (an admin: any), or detaches it. */
    attach: (actor: Actor, deckId: string, courseId: string | null) =>
      attachDeck({ courseRepository, auditService }, { actor, deckId, courseId }),
  };
}
export type FlashcardsCourseService = ReturnType<typeof createFlashcardsCourseService>;
