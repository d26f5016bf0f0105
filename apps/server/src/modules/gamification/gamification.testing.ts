import type { UserStats } from '@portal/shared/gamification';
import type { ServerMessage } from '@portal/shared/realtime';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { WebSocket } from 'ws';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { type SignedIn, signUpSubscribed } from '../../testing/factories.ts';
import { startTestApp, type TestTarget } from '../../testing/test-app.ts';
import { seedDemoData } from '../demo/demo.module.ts';
import type { DomainEventInput } from '../events/domain-event.types.ts';

type GamificationAppContext = { app: App; database: Database; wsUrl: string; close: () => Promise<void> };

/** Starts the app with the demo data, listening, before the calling describe block; closes it after. */
function startGamificationApp(target: TestTarget) {
  const ctx = {} as GamificationAppContext;
  beforeAll(async () => {
    const started = await startTestApp(target);
    ctx.app = started.app;
    ctx.database = started.database;
    ctx.close = started.close;
    await seedDemoData({ app: ctx.app, db: ctx.database.db });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    if (!address || typeof address === 'string') throw new Error('app is not listening on a port');
    ctx.wsUrl = `ws://127.0.0.1:${address.port}/api/realtime`;
  });
  afterAll(async () => {
    await ctx.close();
  });
  return ctx;
}

const as = (user: SignedIn) => ({ cookie: user.cookie });

/** The gamification calls a learner makes: read JSON, read stats, buy, award. */
function gamificationRequests(ctx: GamificationAppContext) {
  const getJson = async <T>(user: SignedIn, url: string): Promise<T> => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: as(user) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const stats = (user: SignedIn) => getJson<UserStats>(user, '/api/gamification/stats');
  const purchase = (user: SignedIn, itemId: string, key?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/gamification/shop/purchase',
      headers: as(user),
      payload: { item_id: itemId, ...(key ? { idempotency_key: key } : {}) },
    });
  const award = (user: SignedIn, body: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/gamification/award', headers: as(user), payload: body });
  return { getJson, stats, purchase, award };
}

const lessonCompleted = (userId: string, lessonId: string): DomainEventInput => ({
  type: 'lesson.completed',
  userId,
  subjectId: lessonId,
  payload: { lessonId, moduleId: 'module-1', courseId: 'course-1' },
});
const courseCompleted = (userId: string, courseId: string): DomainEventInput => ({
  type: 'course.completed',
  userId,
  subjectId: courseId,
  payload: { courseId },
});

/** A realtime socket of the learner: the messages it heard, waiting for `ready`, closing. */
function openTabOn(wsUrl: string, user: SignedIn) {
  const socket = new WebSocket(wsUrl, { headers: as(user) });
  const messages: ServerMessage[] = [];
  socket.on('message', (raw) => messages.push(JSON.parse(String(raw)) as ServerMessage));
  return {
    messages,
    ready: () => vi.waitFor(() => expect(messages[0]?.type).toBe('ready'), { timeout: 5000 }),
    close: () => socket.close(),
  };
}

/**
 * The app with the demo data, listening (for realtime sockets), started before and closed after the calling describe
 * block, and what the gamification tests do through it: sign in, read stats, buy, award, make events happen.
 */
export function useGamificationApp(target: TestTarget) {
  const ctx = startGamificationApp(target);
  const { getJson, stats, purchase, award } = gamificationRequests(ctx);

  /** Records domain events as the features emitting them do, and waits until they are handled. */
  async function happen(...events: DomainEventInput[]) {
    for (const event of events) await ctx.app.domainEvents.record(ctx.database.db, event);
    await ctx.app.domainEvents.drain();
  }

  /** A learner on the me plan who already got today's login XP (5). */
  async function shopLearner() {
    const learner = await signUpSubscribed(ctx.app, 'me');
    expect((await stats(learner)).total_xp).toBe(5);
    return learner;
  }

  const openTab = (user: SignedIn) => openTabOn(ctx.wsUrl, user);

  return { ctx, as, getJson, stats, purchase, award, happen, lessonCompleted, courseCompleted, shopLearner, openTab };
}
