import type { Deck, DeckList, FlashcardNote, FlashcardNoteList, ReviewQueue } from '@portal/shared/flashcards';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { auditEvents } from '../audit/audit.table.ts';
import { courses } from '../courses/courses.table.ts';
import { createPerson, type Person } from '../courses/courses.testing.ts';
import { caller, publishedCourse } from './flashcards.testing.ts';

describe.each(testTargets())('course decks on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    ({ app, database, close } = await startTestApp(target));
    call = caller(app);
  });
  afterAll(async () => {
    await close();
  });

  const decksOf = async (person: Person) => (await call(person, 'GET', '/api/flashcards/decks')).json<DeckList>().decks;
  let keys = 0;
  const rate = (person: Person, cardId: string, rating = 'good') =>
    call(person, 'POST', `/api/flashcards/cards/${cardId}/rate`, { rating, idempotency_key: `course-key-${++keys}` });

  /** An instructor with a plan who owns a published course, with a deck of one two-cloze note attached to it. */
  async function courseWithDeck() {
    const setup = await publishedCourse(app, database.db);
    const instructor = await createPerson(app, database.db, { role: 'instructor', tier: 'me' });
    await database.db.update(courses).set({ createdBy: instructor.userId }).where(eq(courses.id, setup.course.id));
    const deck = (await call(instructor, 'POST', '/api/flashcards/decks', { name: 'Course terms' })).json<{
      deck: Deck;
    }>().deck;
    const note = (
      await call(instructor, 'POST', '/api/flashcards/notes', {
        deck_id: deck.id,
        front: '{{c1::Retrieval}} practice beats {{c2::re-reading}}.',
      })
    ).json<{ note: FlashcardNote }>().note;
    const options = await call(instructor, 'GET', '/api/flashcards/course-options');
    expect(options.json().courses).toEqual([expect.objectContaining({ id: setup.course.id })]);
    const attached = await call(instructor, 'PUT', `/api/flashcards/decks/${deck.id}/course`, {
      course_id: setup.course.id,
    });
    expect(attached.statusCode).toBe(200);
    expect(attached.json().deck).toMatchObject({
      id: deck.id,
      course: { id: setup.course.id, title: setup.course.title },
      read_only: false,
    });
    return { ...setup, instructor, deck, note };
  }

  it('learners who started the course study its deck read-only, each with their own scheduling', async () => {
    const { instructor, deck, note, text } = await courseWithDeck();
    const learner = await createPerson(app, database.db, { role: 'learner', tier: 'me' });
    const classmate = await createPerson(app, database.db, { role: 'learner', tier: 'me' });

    // Not started yet: the deck does not exist for them.
    expect((await decksOf(learner)).map((listed) => listed.id)).not.toContain(deck.id);
    expect((await call(learner, 'GET', `/api/flashcards/notes?deck_id=${deck.id}`)).statusCode).toBe(404);
    expect((await call(learner, 'GET', `/api/flashcards/review?deck_id=${deck.id}`)).statusCode).toBe(404);

    for (const person of [learner, classmate]) {
      expect((await call(person, 'GET', `/api/lessons/${text.id}`)).statusCode).toBe(200);
    }
    const shared = (await decksOf(learner)).find((listed) => listed.id === deck.id);
    expect(shared).toMatchObject({ read_only: true, card_count: 2, new_count: 2, course: { title: 'Memory science' } });
    const notes = (await call(learner, 'GET', `/api/flashcards/notes?deck_id=${deck.id}`)).json<FlashcardNoteList>();
    expect(notes.notes).toHaveLength(1);
    expect(notes.notes[0]?.cards).toHaveLength(2);
    expect(notes.notes[0]?.cards.map((card) => card.id)).not.toEqual(note.cards.map((card) => card.id));

    // Read-only content: no edits, no new cards, no deleting the deck.
    expect((await call(learner, 'PATCH', `/api/flashcards/notes/${note.id}`, { back: 'x' })).statusCode).toBe(404);
    expect((await call(learner, 'DELETE', `/api/flashcards/notes/${note.id}`)).statusCode).toBe(404);
    expect(
      (await call(learner, 'POST', '/api/flashcards/notes', { deck_id: deck.id, front: 'Q', back: 'A' })).statusCode,
    ).toBe(404);
    expect((await call(learner, 'DELETE', `/api/flashcards/decks/${deck.id}`)).statusCode).toBe(404);

    // Their own scheduling: a rating moves only their card.
    const queue = (await call(learner, 'GET', `/api/flashcards/review?deck_id=${deck.id}`)).json<ReviewQueue>();
    expect(queue.cards).toHaveLength(2);
    expect(queue.cards[0]?.prompt).toContain('[…]');
    const first = queue.cards[0]?.id as string;
    expect((await rate(learner, first, 'easy')).json().card).toMatchObject({ state: 'review', reps: 1 });
    expect((await rate(classmate, first)).statusCode).toBe(404);
    const classmateNotes = (
      await call(classmate, 'GET', `/api/flashcards/notes?deck_id=${deck.id}`)
    ).json<FlashcardNoteList>();
    expect(classmateNotes.notes[0]?.cards.every((card) => card.reps === 0)).toBe(true);
    const own = (await call(instructor, 'GET', `/api/flashcards/notes?deck_id=${deck.id}`)).json<FlashcardNoteList>();
    expect(own.notes[0]?.cards.every((card) => card.reps === 0)).toBe(true);

    // The author adds a cloze: learners get the new card, keeping the history of the others.
    await call(instructor, 'PATCH', `/api/flashcards/notes/${note.id}`, {
      front: '{{c1::Retrieval}} practice beats {{c2::re-reading}} and {{c3::highlighting}}.',
    });
    expect((await decksOf(learner)).find((listed) => listed.id === deck.id)?.card_count).toBe(3);
    const after = (await call(learner, 'GET', `/api/flashcards/notes?deck_id=${deck.id}`)).json<FlashcardNoteList>();
    expect(after.notes[0]?.cards.find((card) => card.id === first)?.reps).toBe(1);

    // Detached: the deck is gone for learners, and its cards leave their queue.
    await call(instructor, 'PUT', `/api/flashcards/decks/${deck.id}/course`, { course_id: null });
    expect((await decksOf(learner)).map((listed) => listed.id)).not.toContain(deck.id);
    expect((await call(learner, 'GET', `/api/flashcards/review?deck_id=${deck.id}`)).statusCode).toBe(404);
    const whole = (await call(learner, 'GET', '/api/flashcards/review')).json<ReviewQueue>();
    expect(whole.cards.filter((card) => card.deck_id === deck.id)).toEqual([]);
    expect((await rate(learner, after.notes[0]?.cards[1]?.id as string)).statusCode).toBe(404);
  });

  it('only authors of a course attach decks to it, and only their own decks; admins are audited', async () => {
    const { course, deck, admin } = await courseWithDeck();
    const otherInstructor = await createPerson(app, database.db, { role: 'instructor', tier: 'me' });
    const learner = await createPerson(app, database.db, { role: 'learner', tier: 'me' });
    const theirDeck = (await call(otherInstructor, 'POST', '/api/flashcards/decks', { name: 'Mine' })).json<{
      deck: Deck;
    }>().deck;
    const attach = (person: Person, deckId: string, courseId: string | null) =>
      call(person, 'PUT', `/api/flashcards/decks/${deckId}/course`, { course_id: courseId });

    expect((await attach(otherInstructor, theirDeck.id, course.id)).statusCode).toBe(403);
    expect((await attach(otherInstructor, deck.id, null)).statusCode).toBe(404);
    expect((await call(otherInstructor, 'GET', '/api/flashcards/course-options')).json().courses).toEqual([]);
    expect((await attach(learner, theirDeck.id, course.id)).statusCode).toBe(403);
    expect((await call(learner, 'GET', '/api/flashcards/course-options')).statusCode).toBe(403);
    expect((await attach(otherInstructor, theirDeck.id, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call(otherInstructor, 'PUT', `/api/flashcards/decks/${theirDeck.id}/course`, {})).statusCode).toBe(
      400,
    );
    expect((await decksOf(otherInstructor)).find((listed) => listed.id === theirDeck.id)?.course).toBeNull();

    const adminDeck = (await call(admin, 'POST', '/api/flashcards/decks', { name: 'Admin deck' })).json<{
      deck: Deck;
    }>().deck;
    expect((await attach(admin, adminDeck.id, course.id)).statusCode).toBe(200);
    const audited = await database.db.select().from(auditEvents).where(eq(auditEvents.recordId, adminDeck.id));
    expect(audited.map((event) => event.action)).toEqual(['flashcards.deck.attach']);
  });

  it('a learner whose plan does not open the course does not get its deck', async () => {
    const { deck, text, course, author } = await courseWithDeck();
    const learner = await createPerson(app, database.db, { role: 'learner', tier: 'me' });
    expect((await call(learner, 'GET', `/api/lessons/${text.id}`)).statusCode).toBe(200);
    await author.call('PATCH', `/api/admin/courses/${course.id}`, { required_tier: 'universal' });
    expect((await decksOf(learner)).map((listed) => listed.id)).not.toContain(deck.id);
    expect((await call(learner, 'GET', `/api/flashcards/notes?deck_id=${deck.id}`)).statusCode).toBe(404);
  });
});
