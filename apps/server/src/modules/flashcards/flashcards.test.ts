import type {
  Deck,
  DeckList,
  FlashcardNote,
  FlashcardNoteList,
  RateResult,
  ReviewQueue,
} from '@portal/shared/flashcards';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { awardsOf, cappedDailyTotal } from '../../testing/daily-cap.ts';
import { type SignedIn, signUpAndConfirm, signUpSubscribed } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { userBadges, userXp } from '../gamification/gamification.table.ts';
import { flashcardCards, flashcardReviewLogs } from './flashcards.table.ts';

describe.each(testTargets())('flashcards on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, database, close } = await startTestApp(target));
  });
  afterAll(async () => {
    await close();
  });

  type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  const call = (user: Pick<SignedIn, 'cookie'>, method: Method, url: string, payload?: Record<string, unknown>) =>
    app.inject({
      method,
      url: `/api/flashcards${url}`,
      headers: { cookie: user.cookie },
      ...(payload ? { payload } : {}),
    });
  const createDeck = async (user: SignedIn, name = 'Biology') =>
    (await call(user, 'POST', '/decks', { name })).json<{ deck: Deck }>().deck;
  const addNote = async (user: SignedIn, payload: Record<string, unknown>) => {
    const response = await call(user, 'POST', '/notes', payload);
    expect(response.statusCode).toBe(201);
    return response.json<{ note: FlashcardNote }>().note;
  };
  const queue = async (user: SignedIn, deckId?: string) =>
    (await call(user, 'GET', `/review${deckId ? `?deck_id=${deckId}` : ''}`)).json<ReviewQueue>();
  let keys = 0;
  const rate = (user: SignedIn, cardId: string, rating: string, key = `key-${++keys}-${Date.now()}`) =>
    call(user, 'POST', `/cards/${cardId}/rate`, { rating, idempotency_key: key, duration_ms: 4200 });
  const flashcardXp = async (userId: string) => {
    await app.domainEvents.drain();
    const rows = await database.db
      .select()
      .from(userXp)
      .where(and(eq(userXp.userId, userId), eq(userXp.eventType, 'flashcard_review')));
    return rows.reduce((sum, row) => sum + row.xp, 0);
  };

  it('a learner makes, renames, searches, edits and deletes decks and cards', async () => {
    const learner = await signUpSubscribed(app, 'me');
    const deck = await createDeck(learner, 'Cell biology');
    expect(deck).toMatchObject({ name: 'Cell biology', card_count: 0, due_count: 0, new_count: 0 });

    const basic = await addNote(learner, {
      deck_id: deck.id,
      front: 'What does the **nucleus** hold?',
      back: 'DNA',
      tags: ['Cells', 'exam'],
    });
    expect(basic.tags).toEqual(['cells', 'exam']);
    expect(basic.cards).toHaveLength(1);
    expect(basic.cards[0]).toMatchObject({ ordinal: 0, state: 'new', suspended: false });
    const cloze = await addNote(learner, {
      deck_id: deck.id,
      front: '{{c1::Mitochondria}} make {{c2::ATP::a molecule}}.',
      tags: ['cells'],
    });
    expect(cloze.cards.map((card) => card.ordinal)).toEqual([1, 2]);

    const listed = (await call(learner, 'GET', '/decks')).json<DeckList>().decks;
    expect(listed).toEqual([expect.objectContaining({ id: deck.id, card_count: 3, new_count: 3, due_count: 0 })]);

    const renamed = await call(learner, 'PATCH', `/decks/${deck.id}`, { name: 'Cells' });
    expect(renamed.json<{ deck: Deck }>().deck).toMatchObject({ name: 'Cells', card_count: 3 });

    const search = async (query: string) =>
      (await call(learner, 'GET', `/notes?${query}`)).json<FlashcardNoteList>().notes.map((note) => note.id);
    expect(await search('q=nucleus')).toEqual([basic.id]);
    expect(await search('q=ATP')).toEqual([cloze.id]);
    expect(await search('tag=exam')).toEqual([basic.id]);
    expect(await search(`deck_id=${deck.id}&tag=cells`)).toEqual([cloze.id, basic.id]);
    expect(await search('q=100%25')).toEqual([]);

    const edited = await call(learner, 'PATCH', `/notes/${basic.id}`, { back: 'Chromosomes (DNA)' });
    expect(edited.json<{ note: FlashcardNote }>().note).toMatchObject({
      back: 'Chromosomes (DNA)',
      front: basic.front,
    });
    expect((await call(learner, 'PATCH', `/notes/${basic.id}`, { back: '  ' })).statusCode).toBe(400);
    expect((await call(learner, 'POST', '/notes', { deck_id: deck.id, front: 'No back' })).statusCode).toBe(400);
    expect((await call(learner, 'POST', '/decks', { name: '   ' })).statusCode).toBe(400);

    expect((await call(learner, 'DELETE', `/notes/${basic.id}`)).statusCode).toBe(204);
    expect(await search('q=nucleus')).toEqual([]);
    expect((await call(learner, 'DELETE', `/decks/${deck.id}`)).statusCode).toBe(204);
    expect((await call(learner, 'GET', '/decks')).json<DeckList>().decks).toEqual([]);
    expect((await call(learner, 'GET', '/notes')).json<FlashcardNoteList>().notes).toEqual([]);
  });

  it('two decks of one learner never share a name, letter case aside; another learner may use it', async () => {
    const learner = await signUpSubscribed(app, 'me');
    const biology = await createDeck(learner, 'Biology');
    const again = await call(learner, 'POST', '/decks', { name: 'biology' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.reasons).toEqual(['deck_name_taken']);
    const chemistry = await createDeck(learner, 'Chemistry');
    expect((await call(learner, 'PATCH', `/decks/${chemistry.id}`, { name: 'BIOLOGY' })).statusCode).toBe(409);
    expect((await call(learner, 'PATCH', `/decks/${biology.id}`, { name: 'biology' })).statusCode).toBe(200);
    const names = (await call(learner, 'GET', '/decks')).json<{ decks: Deck[] }>().decks.map((deck) => deck.name);
    expect(names.sort()).toEqual(['Chemistry', 'biology']);
    expect((await createDeck(await signUpSubscribed(app, 'me'), 'Biology')).name).toBe('Biology');
  });

  it('editing a cloze note keeps the history of numbers that remain and drops the others', async () => {
    const learner = await signUpSubscribed(app, 'me');
    const deck = await createDeck(learner);
    const note = await addNote(learner, { deck_id: deck.id, front: '{{c1::A}} {{c2::B}} {{c3::C}}' });
    const [c1, c2] = note.cards;
    expect((await rate(learner, c1?.id ?? '', 'good')).statusCode).toBe(200);
    expect((await rate(learner, c2?.id ?? '', 'easy')).statusCode).toBe(200);

    const edited = (await call(learner, 'PATCH', `/notes/${note.id}`, { front: '{{c1::A}} and {{c4::D}}' })).json<{
      note: FlashcardNote;
    }>().note;
    expect(edited.cards.map((card) => [card.ordinal, card.state])).toEqual([
      [1, 'learning'],
      [4, 'new'],
    ]);
    expect(edited.cards[0]?.id).toBe(c1?.id);
    const logs = await database.db
      .select()
      .from(flashcardReviewLogs)
      .where(eq(flashcardReviewLogs.userId, learner.userId));
    expect(logs.map((log) => log.cardId)).toEqual([c1?.id]);

    const basic = (await call(learner, 'PATCH', `/notes/${note.id}`, { front: 'Plain', back: 'Back' })).json<{
      note: FlashcardNote;
    }>().note;
    expect(basic.cards.map((card) => card.ordinal)).toEqual([0]);
  });

  it("another learner's deck, note and card answer 404 and stay as they were", async () => {
    const owner = await signUpSubscribed(app, 'me');
    const other = await signUpSubscribed(app, 'me');
    const deck = await createDeck(owner, 'Private');
    const note = await addNote(owner, { deck_id: deck.id, front: 'Secret question', back: 'Secret answer' });
    const cardId = note.cards[0]?.id ?? '';

    expect((await call(other, 'PATCH', `/decks/${deck.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `/decks/${deck.id}`)).statusCode).toBe(404);
    expect((await call(other, 'GET', `/notes?deck_id=${deck.id}`)).statusCode).toBe(404);
    expect((await call(other, 'POST', '/notes', { deck_id: deck.id, front: 'x', back: 'y' })).statusCode).toBe(404);
    expect((await call(other, 'PATCH', `/notes/${note.id}`, { back: 'changed' })).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `/notes/${note.id}`)).statusCode).toBe(404);
    expect((await call(other, 'PATCH', `/cards/${cardId}`, { suspended: true })).statusCode).toBe(404);
    expect((await rate(other, cardId, 'easy')).statusCode).toBe(404);
    expect((await call(other, 'GET', '/notes')).json<FlashcardNoteList>().notes).toEqual([]);
    expect((await queue(other)).cards).toEqual([]);

    const mine = (await call(owner, 'GET', '/notes')).json<FlashcardNoteList>().notes;
    expect(mine).toEqual([expect.objectContaining({ id: note.id, back: 'Secret answer' })]);
    expect(mine[0]?.cards[0]).toMatchObject({ state: 'new', suspended: false });
  });

  it('the review queue respects the daily new-card limit, suspension and burying until tomorrow', async () => {
    const learner = await signUpSubscribed(app, 'me');
    expect((await call(learner, 'GET', '/settings')).json()).toEqual({
      desired_retention: 0.9,
      new_per_day: 20,
      reviews_per_day: 200,
    });
    const badSettings = { desired_retention: 0.99, new_per_day: 2, reviews_per_day: 50 };
    expect((await call(learner, 'PUT', '/settings', badSettings)).statusCode).toBe(400);
    const settings = { desired_retention: 0.85, new_per_day: 2, reviews_per_day: 50 };
    expect((await call(learner, 'PUT', '/settings', settings)).json()).toEqual(settings);

    const deck = await createDeck(learner);
    const notes: FlashcardNote[] = [];
    for (const word of ['one', 'two', 'three', 'four']) {
      notes.push(await addNote(learner, { deck_id: deck.id, front: word, back: word.toUpperCase() }));
    }
    const first = await queue(learner);
    expect(first.counts).toEqual({ new: 2, learning: 0, review: 0 });
    expect(first.cards.map((card) => card.prompt)).toEqual(['one', 'two']);
    expect(first.cards[0]?.intervals.good.seconds).toBe(600);
    expect(first.cards[0]?.intervals.again.seconds).toBe(60);

    // Rating a new card uses up one of today's two new cards; rated Easy it leaves today's queue.
    expect((await rate(learner, first.cards[0]?.id ?? '', 'easy')).statusCode).toBe(200);
    const second = await queue(learner);
    expect(second.counts).toEqual({ new: 1, learning: 0, review: 0 });
    expect(second.cards.map((card) => card.prompt)).toEqual(['two']);

    const twoId = notes[1]?.cards[0]?.id ?? '';
    const suspended = await call(learner, 'PATCH', `/cards/${twoId}`, { suspended: true });
    expect(suspended.json<{ card: { suspended: boolean } }>().card.suspended).toBe(true);
    expect((await queue(learner)).cards.map((card) => card.prompt)).toEqual(['three']);
    expect((await rate(learner, twoId, 'good')).statusCode).toBe(409);

    const threeId = notes[2]?.cards[0]?.id ?? '';
    // "Tomorrow" begins at midnight where the learner lives.
    const timeZone = 'Pacific/Kiritimati';
    const profile = await app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie: learner.cookie },
      payload: { timezone: timeZone },
    });
    expect(profile.statusCode).toBe(200);
    const buried = (await call(learner, 'PATCH', `/cards/${threeId}`, { buried: true })).json<{
      card: { buried_until: string };
    }>().card;
    const localMidnight = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(
      new Date(buried.buried_until),
    );
    expect(localMidnight).toBe('00:00');
    expect(new Date(buried.buried_until).getTime()).toBeGreaterThan(Date.now());
    expect((await queue(learner)).cards.map((card) => card.prompt)).toEqual(['four']);

    await call(learner, 'PATCH', `/cards/${twoId}`, { suspended: false });
    await call(learner, 'PATCH', `/cards/${threeId}`, { buried: false });
    expect((await queue(learner)).cards.map((card) => card.prompt)).toEqual(['two']);
  });

  it('a double click rates once, undo puts the card back, and XP comes once per card per day', async () => {
    const learner = await signUpSubscribed(app, 'me');
    const deck = await createDeck(learner);
    await addNote(learner, { deck_id: deck.id, front: 'Capital of France?', back: 'Paris' });
    await addNote(learner, { deck_id: deck.id, front: 'Capital of Spain?', back: 'Madrid' });
    const [card, secondCard] = (await queue(learner)).cards;
    const cardId = card?.id ?? '';

    const [firstClick, secondClick] = await Promise.all([
      rate(learner, cardId, 'good', 'double-click-1'),
      rate(learner, cardId, 'good', 'double-click-1'),
    ]);
    expect(firstClick.statusCode).toBe(200);
    expect(secondClick.statusCode).toBe(200);
    expect(secondClick.json<RateResult>().card).toEqual(firstClick.json<RateResult>().card);
    const logs = () =>
      database.db.select().from(flashcardReviewLogs).where(eq(flashcardReviewLogs.userId, learner.userId));
    expect(await logs()).toHaveLength(1);
    const [log] = await logs();
    expect(log).toMatchObject({ cardId, rating: 3, state: 0, durationMs: 4200 });
    const rated = firstClick.json<RateResult>().card;
    expect(rated).toMatchObject({ state: 'learning', reps: 1 });
    expect(new Date(rated.due).getTime() - new Date(log?.reviewedAt ?? 0).getTime()).toBe(600_000);
    expect(await flashcardXp(learner.userId)).toBe(1);
    expect((await rate(learner, secondCard?.id ?? '', 'good', 'double-click-1')).statusCode).toBe(409);

    const afterRating = await queue(learner);
    expect(afterRating.can_undo).toBe(true);
    expect(afterRating.counts).toEqual({ new: 1, learning: 1, review: 0 });

    const undone = await call(learner, 'POST', '/review/undo');
    expect(undone.statusCode).toBe(200);
    expect(undone.json<{ card: { state: string; reps: number } }>().card).toMatchObject({ state: 'new', reps: 0 });
    expect(await logs()).toHaveLength(0);
    const afterUndo = await queue(learner);
    expect(afterUndo.counts).toEqual({ new: 2, learning: 0, review: 0 });
    expect(afterUndo.can_undo).toBe(false);
    expect((await call(learner, 'POST', '/review/undo')).statusCode).toBe(404);

    // Rating the same card again the same day (after undo, or again later) earns nothing more.
    await rate(learner, cardId, 'again');
    await rate(learner, cardId, 'good');
    expect(await logs()).toHaveLength(2);
    expect(await flashcardXp(learner.userId)).toBe(1);
    await rate(learner, secondCard?.id ?? '', 'easy');
    expect(await flashcardXp(learner.userId)).toBe(2);
  });

  it('two tabs on one card: the second rating is refused, and undo in one tab never undoes the other’s', async () => {
    const learner = await signUpSubscribed(app, 'me');
    const deck = await createDeck(learner);
    await addNote(learner, { deck_id: deck.id, front: 'Capital of Italy?', back: 'Rome' });
    await addNote(learner, { deck_id: deck.id, front: 'Capital of Peru?', back: 'Lima' });
    const [shown, other] = (await queue(learner)).cards;
    if (!shown || !other) throw new Error('two cards are due');
    const rateShown = (card: typeof shown, rating: string, key: string) =>
      call(learner, 'POST', `/cards/${card.id}/rate`, { rating, idempotency_key: key, due: card.due });

    expect((await rateShown(shown, 'easy', 'tab-a-first')).statusCode).toBe(200);
    const late = await rateShown(shown, 'again', 'tab-b-first');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.reasons).toEqual(['reviewed_elsewhere']);
    const [card] = (await call(learner, 'GET', `/notes?deck_id=${deck.id}`))
      .json<{ notes: FlashcardNote[] }>()
      .notes.flatMap((note) => note.cards)
      .filter((entry) => entry.id === shown.id);
    expect(card).toMatchObject({ state: 'review', reps: 1 });

    expect((await rateShown(other, 'good', 'tab-b-second')).statusCode).toBe(200);
    const undoA = await call(learner, 'POST', '/review/undo?key=tab-a-first');
    expect(undoA.statusCode).toBe(409);
    expect(undoA.json().error.reasons).toEqual(['rated_elsewhere']);
    expect((await call(learner, 'POST', '/review/undo?key=tab-b-second')).statusCode).toBe(200);
    expect((await call(learner, 'POST', '/review/undo?key=tab-a-first')).statusCode).toBe(200);
    expect((await queue(learner)).counts).toEqual({ new: 2, learning: 0, review: 0 });
    expect((await call(learner, 'POST', '/review/undo?key=x')).statusCode).toBe(400);
  });

  it('review cards due today stop at the daily review limit, and cards due tomorrow are counted', async () => {
    const learner = await signUpSubscribed(app, 'me');
    await call(learner, 'PUT', '/settings', { desired_retention: 0.9, new_per_day: 20, reviews_per_day: 1 });
    const deck = await createDeck(learner);
    const ids: string[] = [];
    for (const word of ['alpha', 'beta', 'gamma']) {
      ids.push((await addNote(learner, { deck_id: deck.id, front: word, back: word })).cards[0]?.id ?? '');
    }
    for (const id of ids) expect((await rate(learner, id, 'easy')).statusCode).toBe(200);
    expect((await queue(learner)).counts).toEqual({ new: 0, learning: 0, review: 0 });

    // Days pass: two cards fall due now, the third tomorrow (UTC is the learner's zone).
    const now = Date.now();
    const tomorrowNoon = new Date(now + 86_400_000);
    tomorrowNoon.setUTCHours(12, 0, 0, 0);
    await database.db
      .update(flashcardCards)
      .set({ due: new Date(now - 60_000) })
      .where(inArray(flashcardCards.id, ids.slice(0, 2)));
    await database.db
      .update(flashcardCards)
      .set({ due: tomorrowNoon })
      .where(eq(flashcardCards.id, ids[2] ?? ''));

    const due = await queue(learner, deck.id);
    expect(due.counts).toEqual({ new: 0, learning: 0, review: 1 });
    expect(due.cards.map((card) => card.state)).toEqual(['review']);
    expect(due.due_tomorrow).toBe(1);
    const decks = (await call(learner, 'GET', '/decks')).json<DeckList>().decks;
    expect(decks[0]).toMatchObject({ due_count: 1, new_count: 0, card_count: 3 });

    expect((await rate(learner, due.cards[0]?.id ?? '', 'good')).statusCode).toBe(200);
    const after = await queue(learner, deck.id);
    expect(after.counts.review).toBe(0);
    expect(after.cards).toEqual([]);
  });

  it('XP stops at 100 a day and 100 reviewed cards earn the badge', async () => {
    const learner = await signUpSubscribed(app, 'me');
    await call(learner, 'PUT', '/settings', { desired_retention: 0.9, new_per_day: 200, reviews_per_day: 200 });
    const deck = await createDeck(learner);
    for (let index = 0; index < 101; index += 1) {
      const note = await addNote(learner, { deck_id: deck.id, front: `Question ${index}`, back: `Answer ${index}` });
      expect((await rate(learner, note.cards[0]?.id ?? '', 'easy')).statusCode).toBe(200);
    }
    const earned = await flashcardXp(learner.userId);
    // 100 a day: the 101 reviews make 100 XP, unless the loop ran across midnight and the next day's cap began.
    const awards = await awardsOf(database, learner.userId, 'flashcard_review');
    expect(awards).toHaveLength(101);
    expect(earned).toBe(
      cappedDailyTotal(
        awards.map((award) => award.day),
        { xp: 1, cap: 100 },
      ),
    );
    const badges = await database.db.select().from(userBadges).where(eq(userBadges.userId, learner.userId));
    expect(badges.map((badge) => badge.badgeKey)).toContain('flashcards_100');
  });

  it('a plan without flashcards answers 402 and signed-out visitors 401', async () => {
    const calm = await signUpSubscribed(app, 'calm');
    const response = await call(calm, 'GET', '/decks');
    expect(response.statusCode).toBe(402);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('subscription_required');
    expect((await call(calm, 'POST', '/decks', { name: 'Nope' })).statusCode).toBe(402);
    const unsubscribed = await signUpAndConfirm(app);
    expect((await call(unsubscribed, 'GET', '/review')).statusCode).toBe(402);
    expect((await app.inject({ method: 'GET', url: '/api/flashcards/decks' })).statusCode).toBe(401);
  });
});
