import type { Deck } from '@portal/shared/flashcards';
import type { IssuedItem } from '@portal/shared/game-rounds';
import type { GameBests, GameRound, GameSources, RoundResult } from '@portal/shared/games';
import { GAME_SAMPLE_SET } from '@portal/shared/games-sample';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { awardsOf, cappedDailyTotal } from '../../testing/daily-cap.ts';
import { type SignedIn, signUpSubscribed } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { publishedCourse } from '../flashcards/flashcards.testing.ts';
import { userXp } from '../gamification/gamification.table.ts';
import { GAMES_SWEEP_JOB } from './games.module.ts';
import { GAME_ROUNDS_PER_MINUTE } from './games.routes.ts';
import { gameRounds } from './games.table.ts';

const GLOSSARY = `# Words for memory

- **Spacing:** reviewing over several days instead of all at once.
- **Interleaving** — mixing different topics in one session.
1. **Recall**: bringing an answer to mind without looking.
`;

describe.each(testTargets())('games on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  const wait = (ms: number) => {
    offsetMs += ms;
  };

  beforeAll(async () => {
    ({ app, database, close } = await startTestApp(target, {}, { clock }));
  });
  afterAll(async () => {
    await close();
  });

  const call = (user: Pick<SignedIn, 'cookie'>, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
  const startRound = async (user: SignedIn, body: object) => {
    const response = await call(user, 'POST', '/api/games/rounds', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<GameRound>();
  };
  const finish = (user: SignedIn, roundId: string, answers: { item_id: string; answer: string }[], elapsed = 20_000) =>
    call(user, 'POST', `/api/games/rounds/${roundId}/finish`, { answers, elapsed_ms: elapsed });
  /** The answers the server keeps for a round (the learner never sees them). */
  const storedItems = async (roundId: string): Promise<IssuedItem[]> => {
    const [row] = await database.db.select().from(gameRounds).where(eq(gameRounds.id, roundId));
    return row?.items ?? [];
  };
  const gameXp = async (userId: string) => {
    await app.domainEvents.drain();
    const rows = await database.db
      .select()
      .from(userXp)
      .where(and(eq(userXp.userId, userId), eq(userXp.eventType, 'game_completed')));
    return rows.reduce((sum, row) => sum + row.xp, 0);
  };
  const deckWith = async (user: SignedIn, cards: { front: string; back?: string }[]) => {
    const deck = (await call(user, 'POST', '/api/flashcards/decks', { name: `Deck ${Math.random()}` })).json<{
      deck: Deck;
    }>().deck;
    for (const card of cards) {
      const response = await call(user, 'POST', '/api/flashcards/notes', { deck_id: deck.id, ...card });
      expect(response.statusCode, response.body).toBe(201);
    }
    return deck;
  };
  const CAPITALS = [
    { front: 'Capital of **France**', back: 'Paris' },
    { front: 'Capital of Austria', back: 'Wien' },
    { front: 'Largest city of Switzerland', back: 'Zürich' },
    { front: '{{c1::Café}} au lait is coffee with milk.' },
  ];

  it('a learner plays Match on their own flashcards: pairs are graded, XP comes once and the best is kept', async () => {
    const learner = await signUpSubscribed(app, 'me');
    const deck = await deckWith(learner, CAPITALS);
    const sources = (await call(learner, 'GET', '/api/games/sources')).json<GameSources>();
    expect(sources.decks).toEqual([{ id: deck.id, title: deck.name, items: 4, games: ['match', 'sprint', 'recall'] }]);
    expect(sources.flashcards_included).toBe(true);

    const round = await startRound(learner, {
      game: 'match',
      difficulty: 'easy',
      source: { kind: 'deck', id: deck.id },
    });
    expect(round.items.map((item) => item.prompt).sort()).toEqual([
      'Capital of Austria',
      'Capital of France',
      'Largest city of Switzerland',
      '[…] au lait is coffee with milk.',
    ]);
    expect(round.definitions?.map((definition) => definition.text).sort()).toEqual(['Café', 'Paris', 'Wien', 'Zürich']);
    expect(JSON.stringify(round.items)).not.toContain('Paris');

    const [first, second, ...rest] = round.items.map((item) => item.id) as [string, string, ...string[]];
    // One wrong attempt first: that pair is missed, the other three count.
    const answers = [
      { item_id: first, answer: second },
      { item_id: first, answer: first },
      { item_id: second, answer: second },
      ...rest.map((id) => ({ item_id: id, answer: id })),
    ];
    wait(8_000);
    const finished = await finish(learner, round.id, answers, 7_500);
    expect(finished.statusCode, finished.body).toBe(200);
    const result = finished.json<RoundResult>();
    expect(result).toMatchObject({ score: 3, total: 4, elapsed_ms: 7_500, new_best: true, xp_event: true });
    const missed = result.results.filter((entry) => entry.outcome === 'missed');
    expect(missed).toHaveLength(1);
    expect(missed[0]?.origin).toEqual({ kind: 'deck', deck_id: deck.id, title: deck.name });
    expect(await gameXp(learner.userId)).toBe(5);

    expect((await finish(learner, round.id, answers, 7_500)).statusCode).toBe(409);
    expect(await gameXp(learner.userId)).toBe(5);

    // A worse round keeps the best; a faster perfect one replaces it.
    const worse = await startRound(learner, { game: 'match', difficulty: 'easy', source: { kind: 'all' } });
    wait(5_000);
    const worseIds = worse.items.map((item) => item.id);
    const worseResult = (
      await finish(
        learner,
        worse.id,
        worseIds.slice(0, 1).map((id) => ({ item_id: id, answer: id })),
        4_000,
      )
    ).json<RoundResult>();
    expect(worseResult).toMatchObject({ score: 1, new_best: false, best: { score: 3, elapsed_ms: 7_500 } });
    const better = await startRound(learner, { game: 'match', difficulty: 'easy', source: { kind: 'all' } });
    wait(5_000);
    const perfect = better.items.map((item) => ({ item_id: item.id, answer: item.id }));
    expect((await finish(learner, better.id, perfect, 4_000)).json<RoundResult>()).toMatchObject({
      score: 4,
      new_best: true,
    });
    const bests = (await call(learner, 'GET', '/api/games/bests')).json<GameBests>().bests;
    expect(bests).toEqual([expect.objectContaining({ game: 'match', difficulty: 'easy', timed: true, score: 4 })]);
    expect(await gameXp(learner.userId)).toBe(15);
  });

  it('a new calm learner with no courses or flashcards plays the sample set in their language and earns XP', async () => {
    const learner = await signUpSubscribed(app, 'calm');
    const sources = (await call(learner, 'GET', '/api/games/sources')).json<GameSources>();
    expect(sources).toMatchObject({ courses: [], decks: [], everything: 0, everything_games: [] });
    const empty = await call(learner, 'POST', '/api/games/rounds', {
      game: 'recall',
      difficulty: 'easy',
      source: { kind: 'all' },
    });
    expect(empty.statusCode).toBe(400);

    const round = await startRound(learner, {
      game: 'recall',
      difficulty: 'easy',
      source: { kind: 'sample', language: 'de' },
    });
    expect(round.items).toHaveLength(5);
    const stored = await storedItems(round.id);
    expect(stored.every((item) => item.origin.kind === 'sample')).toBe(true);
    const german = new Map(GAME_SAMPLE_SET.de.map((entry) => [entry.prompt, entry.answer]));
    expect(round.items.every((item) => german.has(item.prompt))).toBe(true);

    wait(6_000);
    const answers = round.items.map((item) => ({ item_id: item.id, answer: german.get(item.prompt) ?? '' }));
    const finished = await finish(learner, round.id, answers, 5_000);
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json<RoundResult>()).toMatchObject({ score: 5, total: 5, xp_event: true, new_best: true });
    expect(await gameXp(learner.userId)).toBe(5);
  });

  it('Recall accepts answers that differ in case, accents, surrounding spaces and full-width letters', async () => {
    const learner = await signUpSubscribed(app, 'me');
    const deck = await deckWith(learner, CAPITALS);
    const round = await startRound(learner, {
      game: 'recall',
      difficulty: 'easy',
      source: { kind: 'deck', id: deck.id },
      timed: false,
    });
    expect(round.seconds).toBeNull();
    const expected = new Map((await storedItems(round.id)).map((item) => [item.id, item.answer]));
    const typed: Record<string, string> = { Paris: '  paris ', Wien: 'ｗｉｅｎ', Zürich: 'ZURICH', Café: 'cafe' };
    const answers = round.items.map((item) => ({ item_id: item.id, answer: typed[expected.get(item.id) ?? ''] ?? '' }));
    expect(round.items.find((item) => expected.get(item.id) === 'Paris')?.hint).toBe('P····');
    wait(10_000);
    const result = (await finish(learner, round.id, answers)).json<RoundResult>();
    expect(result).toMatchObject({ score: 4, total: 4, timed: false });

    const wrong = await startRound(learner, {
      game: 'recall',
      difficulty: 'medium',
      source: { kind: 'deck', id: deck.id },
    });
    wait(3_000);
    const missed = (
      await finish(
        learner,
        wrong.id,
        wrong.items.map((item) => ({ item_id: item.id, answer: 'Rome' })),
        2_000,
      )
    ).json<RoundResult>();
    expect(missed).toMatchObject({ score: 0, xp_event: false, best: null });
    expect(missed.results.every((entry) => entry.outcome === 'missed' && entry.given === 'Rome')).toBe(true);
    expect(await gameXp(learner.userId)).toBe(5);
  });

  it("Quiz sprint draws on the quizzes and glossaries of a learner's courses and links misses to their lessons", async () => {
    const { author, course, quiz, text } = await publishedCourse(app, database.db, 'Games course');
    const glossary = await author.createLesson((text as { module_id?: string }).module_id ?? '', {
      title: 'Glossary',
      content: { kind: 'text', markdown: GLOSSARY },
    });
    const learner = await signUpSubscribed(app, 'calm');
    expect((await call(learner, 'GET', `/api/lessons/${text.id}`)).statusCode).toBe(200);
    const sources = (await call(learner, 'GET', '/api/games/sources')).json<GameSources>();
    expect(sources).toMatchObject({ courses: [{ id: course.id, items: 4 }], decks: [], flashcards_included: false });

    const round = await startRound(learner, {
      game: 'sprint',
      difficulty: 'medium',
      source: { kind: 'course', id: course.id },
    });
    expect(round).toMatchObject({ seconds: 60, definitions: null });
    expect(round.items).toHaveLength(4);
    const quizItem = round.items.find((item) => item.prompt === 'Which habit helps memory most?');
    expect(quizItem?.choices?.map((choice) => choice.text).sort()).toEqual(['Re-reading notes', 'Testing yourself']);
    for (const item of round.items.filter((entry) => entry !== quizItem)) expect(item.choices).toHaveLength(4);

    const stored = await storedItems(round.id);
    const rightChoice = (id: string) => stored.find((item) => item.id === id)?.correct_choice_id ?? '';
    const wrongChoice = (id: string) =>
      round.items.find((item) => item.id === id)?.choices?.find((choice) => choice.id !== rightChoice(id))?.id ?? '';
    const [one, two, three] = round.items.map((item) => item.id) as [string, string, string];
    wait(6_000);
    const result = (
      await finish(
        learner,
        round.id,
        [
          { item_id: one, answer: rightChoice(one) },
          { item_id: two, answer: rightChoice(two) },
          { item_id: three, answer: wrongChoice(three) },
        ],
        5_000,
      )
    ).json<RoundResult>();
    expect(result).toMatchObject({ score: 2, total: 4 });
    expect(result.results.map((entry) => entry.outcome).sort()).toEqual(['correct', 'correct', 'missed', 'skipped']);
    const missed = result.results.find((entry) => entry.outcome === 'missed');
    expect([quiz.id, glossary.id]).toContain(missed?.origin.kind === 'lesson' ? missed.origin.lesson_id : null);
    expect(missed?.origin).toMatchObject({ kind: 'lesson', course_id: course.id });

    expect(
      (
        await call(learner, 'POST', '/api/games/rounds', {
          game: 'match',
          difficulty: 'easy',
          source: { kind: 'deck', id: course.id },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('forged results are refused and change nothing', async () => {
    const learner = await signUpSubscribed(app, 'me');
    const other = await signUpSubscribed(app, 'me');
    const deck = await deckWith(learner, CAPITALS);
    const round = await startRound(learner, {
      game: 'recall',
      difficulty: 'easy',
      source: { kind: 'deck', id: deck.id },
    });
    const items = await storedItems(round.id);
    const right = items.map((item) => ({ item_id: item.id, answer: item.answer }));
    wait(5_000);

    const refusals: [Promise<{ statusCode: number }>, number][] = [
      [finish(learner, round.id, [...right, { item_id: 'c:someone-else:0', answer: 'x' }]), 400],
      [finish(learner, round.id, [...right, right[0] as { item_id: string; answer: string }]), 400],
      [finish(learner, round.id, right, 100), 400],
      [finish(other, round.id, right), 404],
      [
        app.inject({
          method: 'POST',
          url: `/api/games/rounds/${round.id}/finish`,
          payload: { answers: right, elapsed_ms: 9000 },
        }),
        401,
      ],
    ];
    for (const [response, status] of refusals) expect((await response).statusCode).toBe(status);
    expect((await storedItems(round.id)).length).toBe(4);
    const [row] = await database.db.select().from(gameRounds).where(eq(gameRounds.id, round.id));
    expect(row?.finishedAt).toBeNull();

    // Answering faster than the server saw the round last is refused too.
    const quick = await startRound(learner, {
      game: 'recall',
      difficulty: 'easy',
      source: { kind: 'deck', id: deck.id },
    });
    const quickAnswers = (await storedItems(quick.id)).map((item) => ({ item_id: item.id, answer: item.answer }));
    expect((await finish(learner, quick.id, quickAnswers, 5_000)).statusCode).toBe(400);

    // A timed round cannot be finished after its clock and grace ran out.
    wait(121_000 + 15_000);
    expect((await finish(learner, round.id, right)).statusCode).toBe(409);
    expect(await gameXp(learner.userId)).toBe(0);
    expect((await call(learner, 'GET', '/api/games/bests')).json<GameBests>().bests).toEqual([]);
  });

  it('a script issuing rounds is stopped per learner, and other learners play on', async () => {
    const learner = await signUpSubscribed(app, 'me');
    const other = await signUpSubscribed(app, 'me');
    const deck = await deckWith(learner, CAPITALS);
    const otherDeck = await deckWith(other, CAPITALS);
    const body = { game: 'match', difficulty: 'easy', source: { kind: 'deck', id: deck.id } };
    const statuses: number[] = [];
    for (let round = 0; round <= GAME_ROUNDS_PER_MINUTE; round += 1) {
      statuses.push((await call(learner, 'POST', '/api/games/rounds', body)).statusCode);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(GAME_ROUNDS_PER_MINUTE);
    expect(statuses.at(-1)).toBe(429);
    const stored = await database.db.select().from(gameRounds).where(eq(gameRounds.userId, learner.userId));
    expect(stored).toHaveLength(GAME_ROUNDS_PER_MINUTE);
    await startRound(other, { ...body, source: { kind: 'deck', id: otherDeck.id } });
  });

  it('the nightly sweep removes rounds left unfinished past their expiry and keeps finished ones', async () => {
    const learner = await signUpSubscribed(app, 'me');
    const deck = await deckWith(learner, CAPITALS);
    const body = { game: 'match', difficulty: 'easy', source: { kind: 'deck', id: deck.id } };
    const abandoned = await startRound(learner, body);
    const played = await startRound(learner, body);
    wait(1_000);
    const id = played.items[0]?.id ?? '';
    expect((await finish(learner, played.id, [{ item_id: id, answer: id }], 900)).statusCode).toBe(200);
    wait(2 * 24 * 60 * 60 * 1000);
    const fresh = await startRound(learner, body);

    const jobId = await app.jobs.schedule(GAMES_SWEEP_JOB);
    if (!jobId) throw new Error('the sweep was not queued');
    await vi.waitFor(async () => expect(await app.jobs.state(GAMES_SWEEP_JOB, jobId)).toBe('completed'), {
      timeout: 30_000,
      interval: 200,
    });
    const left = await database.db.select().from(gameRounds).where(eq(gameRounds.userId, learner.userId));
    expect(left.map((row) => row.id).sort()).toEqual([played.id, fresh.id].sort());
    expect(left.map((row) => row.id)).not.toContain(abandoned.id);
    expect((await call(learner, 'GET', '/api/games/bests')).json<GameBests>().bests).toHaveLength(1);
  });

  it('game XP stops at the daily cap', async () => {
    const learner = await signUpSubscribed(app, 'me');
    const deck = await deckWith(learner, CAPITALS);
    for (let round = 0; round < 11; round += 1) {
      const issued = await startRound(learner, {
        game: 'match',
        difficulty: 'easy',
        source: { kind: 'deck', id: deck.id },
      });
      wait(1_000);
      const id = issued.items[0]?.id ?? '';
      expect((await finish(learner, issued.id, [{ item_id: id, answer: id }], 900)).statusCode).toBe(200);
    }
    const earned = await gameXp(learner.userId);
    // 50 a day: eleven rounds make 50 XP, unless they ran across midnight and the next day's cap began.
    const awards = await awardsOf(database, learner.userId, 'game_completed');
    expect(awards).toHaveLength(11);
    expect(earned).toBe(
      cappedDailyTotal(
        awards.map((award) => award.day),
        { xp: 5, cap: 50 },
      ),
    );
  });
});
