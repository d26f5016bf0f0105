import type { DeckList, FlashcardNoteList } from '@portal/shared/flashcards';
import type { MistakeList } from '@portal/shared/flashcards-sources';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { lessons } from '../courses/courses.table.ts';
import { createPerson, type Person } from '../courses/courses.testing.ts';
import { scormAttempts, scormEnrollments, scormInteractions } from '../scorm/scorm.table.ts';
import { insertReadyScormPackage } from '../scorm/scorm.testing.ts';
import { flashcardNotes } from './flashcards.table.ts';
import { caller, publishedCourse } from './flashcards.testing.ts';

describe.each(testTargets())('one-click cards on $name', (target) => {
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

  const learnerIn = async () => {
    const setup = await publishedCourse(app, database.db);
    const learner = await createPerson(app, database.db, { role: 'learner', tier: 'me' });
    expect((await call(learner, 'GET', `/api/lessons/${setup.text.id}`)).statusCode).toBe(200);
    return { ...setup, learner };
  };
  const notesCount = async (person: Person) =>
    database.db.$count(flashcardNotes, eq(flashcardNotes.userId, person.userId));

  it('a note becomes one card, once, linked to its lesson, in the default deck or a chosen one', async () => {
    const { learner, text, course } = await learnerIn();
    const written = await call(learner, 'POST', '/api/notes', {
      lesson_id: text.id,
      body: 'Retrieval practice\nTesting yourself beats re-reading.',
    });
    expect(written.statusCode).toBe(201);
    const noteId = written.json().note.id as string;

    const made = await call(learner, 'POST', '/api/flashcards/from-note', { note_id: noteId });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      created: true,
      deck: { name: 'From my notes', card_count: 1 },
      note: {
        front: 'Retrieval practice',
        back: 'Testing yourself beats re-reading.',
        source: { kind: 'note', lesson_id: text.id, course_id: course.id },
      },
    });
    const again = await call(learner, 'POST', '/api/flashcards/from-note', { note_id: noteId, deck_name: 'Other' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false, note: { id: made.json().note.id } });
    expect(await notesCount(learner)).toBe(1);

    const stranger = await createPerson(app, database.db, { role: 'learner', tier: 'me' });
    expect((await call(stranger, 'POST', '/api/flashcards/from-note', { note_id: noteId })).statusCode).toBe(404);
    const strangerDeck = (await call(stranger, 'POST', '/api/flashcards/decks', { name: 'Theirs' })).json().deck;
    const intoOthers = await call(learner, 'POST', '/api/flashcards/from-note', {
      note_id: noteId,
      deck_id: strangerDeck.id,
    });
    expect(intoOthers.statusCode).toBe(200);
    expect(await notesCount(stranger)).toBe(0);
    expect((await call(learner, 'POST', '/api/flashcards/from-note', { note_id: 'nope' })).statusCode).toBe(400);
  });

  it('a highlighted passage of a lesson the learner may open becomes a card', async () => {
    const { learner, text, course, author } = await learnerIn();
    const deck = (await call(learner, 'POST', '/api/flashcards/decks', { name: 'Passages' })).json().deck;
    const made = await call(learner, 'POST', '/api/flashcards/from-passage', {
      lesson_id: text.id,
      passage: 'Retrieval practice beats re-reading.',
      front: 'What beats re-reading?',
      deck_id: deck.id,
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      deck: { id: deck.id, card_count: 1 },
      note: {
        front: 'What beats re-reading?',
        back: 'Retrieval practice beats re-reading.',
        source: { kind: 'passage' },
      },
    });
    expect(
      (await call(learner, 'POST', '/api/flashcards/from-passage', { lesson_id: text.id, passage: '   ' })).statusCode,
    ).toBe(400);

    await author.call('POST', `/api/admin/courses/${course.id}/unpublish`);
    const hidden = await call(learner, 'POST', '/api/flashcards/from-passage', { lesson_id: text.id, passage: 'x' });
    expect(hidden.statusCode).toBe(404);
    expect(await notesCount(learner)).toBe(1);
  });

  it('wrong quiz answers and SCORM interactions become cards once each, from one or all', async () => {
    const { learner, quiz, text } = await learnerIn();
    expect((await call(learner, 'POST', `/api/lessons/${quiz.id}/quiz-attempts`, { answers: [] })).statusCode).toBe(
      200,
    );
    const { packageId, scoId } = await insertReadyScormPackage(database.db);
    await database.db.update(lessons).set({ scormPackageId: packageId }).where(eq(lessons.id, text.id));
    const [enrollment] = await database.db
      .insert(scormEnrollments)
      .values({ packageId, learnerId: learner.userId })
      .returning();
    const [attempt] = await database.db
      .insert(scormAttempts)
      .values({ enrollmentId: enrollment?.id as string, scoId, learnerId: learner.userId, number: 1 })
      .returning();
    await database.db.insert(scormInteractions).values([
      {
        attemptId: attempt?.id as string,
        position: 0,
        interactionId: 'q-order',
        description: 'Put the steps in order',
        result: 'incorrect',
        learnerResponse: 'b[,]a',
        correctResponse: 'a[,]b',
      },
      {
        attemptId: attempt?.id as string,
        position: 1,
        interactionId: 'q-right',
        description: 'Got this one',
        result: 'correct',
        learnerResponse: 'x',
        correctResponse: 'x',
      },
    ]);

    const list = (await call(learner, 'GET', '/api/flashcards/mistakes')).json<MistakeList>().mistakes;
    expect(list).toHaveLength(3);
    const quizMistake = list.find((mistake) => mistake.question === 'Which habit helps memory most?');
    expect(quizMistake).toMatchObject({ kind: 'quiz', correct_answer: 'Testing yourself', carded: false });
    expect(list.find((mistake) => mistake.kind === 'scorm')).toMatchObject({
      question: 'Put the steps in order',
      correct_answer: 'a, b',
      learner_answer: 'b, a',
      lesson_id: text.id,
    });

    const one = await call(learner, 'POST', '/api/flashcards/mistakes/cards', { keys: [quizMistake?.key] });
    expect(one.json()).toMatchObject({ created: 1, skipped: 0, deck: { name: 'My mistakes', card_count: 1 } });
    const all = await call(learner, 'POST', '/api/flashcards/mistakes/cards', {});
    expect(all.json()).toMatchObject({ created: 2, skipped: 1, deck: { card_count: 3 } });
    const twice = await call(learner, 'POST', '/api/flashcards/mistakes/cards', {});
    expect(twice.json()).toMatchObject({ created: 0, skipped: 3 });
    const after = (await call(learner, 'GET', '/api/flashcards/mistakes')).json<MistakeList>().mistakes;
    expect(after.every((mistake) => mistake.carded)).toBe(true);

    const deckId = all.json().deck.id as string;
    const cards = (await call(learner, 'GET', `/api/flashcards/notes?deck_id=${deckId}`)).json<FlashcardNoteList>();
    expect(cards.notes.find((note) => note.front === 'Which habit helps memory most?')).toMatchObject({
      back: 'Testing yourself',
      source: { kind: 'quiz', lesson_id: quiz.id },
    });

    const review = (await call(learner, 'GET', `/api/flashcards/review?deck_id=${deckId}`)).json();
    expect(review.cards.map((card: { source: unknown }) => card.source)).toContainEqual({
      kind: 'quiz',
      lesson_id: quiz.id,
      course_id: expect.any(String),
    });

    // Someone else's mistakes are not theirs to card; unknown keys change nothing.
    const other = await createPerson(app, database.db, { role: 'learner', tier: 'me' });
    expect((await call(other, 'GET', '/api/flashcards/mistakes')).json().mistakes).toEqual([]);
    const foreign = await call(other, 'POST', '/api/flashcards/mistakes/cards', { keys: [quizMistake?.key] });
    expect(foreign.statusCode).toBe(404);
    expect((await call(other, 'POST', '/api/flashcards/mistakes/cards', { keys: [] })).statusCode).toBe(400);
    expect(await notesCount(other)).toBe(0);
    expect((await call(other, 'GET', '/api/flashcards/decks')).json<DeckList>().decks).toEqual([]);
  });
});
