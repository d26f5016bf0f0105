import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { type SignedIn, signUpSubscribed, subscribe } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { auditEvents } from '../audit/audit.table.ts';
import { subscriptions } from '../subscription/subscription.table.ts';

describe.each(testTargets())('private calendar feed on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let learner: SignedIn;
  let other: SignedIn;

  beforeAll(async () => {
    ({ app, database, close } = await startTestApp(target));
    learner = await signUpSubscribed(app, 'calm');
    other = await signUpSubscribed(app, 'calm');
    app.calendarSources.push(async (userId) =>
      userId === learner.userId
        ? [
            {
              id: 'goal-1',
              title: 'Finish "Study skills", <b>by Friday</b>',
              start: new Date('2026-12-04T00:00:00Z'),
              allDay: true,
              url: '/dashboard/learner/goals',
            },
            {
              id: 'live-1',
              title: 'Live session: spreadsheets',
              start: new Date('2026-12-02T15:00:00Z'),
              end: new Date('2026-12-02T16:00:00Z'),
              allDay: false,
            },
          ]
        : [],
    );
  });
  afterAll(async () => {
    await close();
  });

  const feedPath = (url: string) => new URL(url).pathname;
  const createFeed = async (who: SignedIn) => {
    const response = await app.inject({ method: 'POST', url: '/api/calendar/feed', headers: { cookie: who.cookie } });
    expect(response.statusCode).toBe(201);
    return response.json<{ url: string; active: boolean }>();
  };

  it('gives the learner a private link whose feed any calendar can read, holding only their own entries', async () => {
    const before = await app.inject({ method: 'GET', url: '/api/calendar/feed', headers: { cookie: learner.cookie } });
    expect(before.json()).toEqual({ active: false, created_at: null, last_fetched_at: null });

    const created = await createFeed(learner);
    expect(created.active).toBe(true);
    expect(created.url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\/feed\.ics$/);

    // A calendar app fetches without any cookie.
    const feed = await app.inject({ method: 'GET', url: feedPath(created.url) });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const body = feed.body.replaceAll('\r\n ', '');
    expect(body).toContain('BEGIN:VCALENDAR');
    expect(body).toContain('UID:goal-1@learning-portal');
    expect(body).toContain('DTSTART;VALUE=DATE:20261204');
    expect(body).toContain('SUMMARY:Finish "Study skills"\\, <b>by Friday</b>');
    expect(body).toContain('DTSTART:20261202T150000Z');
    expect(body).toContain('URL;VALUE=URI:http://localhost:3000/dashboard/learner/goals');

    const otherFeed = await app.inject({ method: 'GET', url: feedPath((await createFeed(other)).url) });
    expect(otherFeed.body).not.toContain('goal-1');

    const status = await app.inject({ method: 'GET', url: '/api/calendar/feed', headers: { cookie: learner.cookie } });
    expect(status.json<{ last_fetched_at: string | null }>().last_fetched_at).not.toBeNull();
    expect(status.json()).not.toHaveProperty('url');
  });

  it('the link stops serving entries once its owner has no plan, and serves them again when they choose one', async () => {
    const owner = await signUpSubscribed(app, 'calm');
    const link = feedPath((await createFeed(owner)).url);
    // The owner no longer has any plan.
    await database.db.delete(subscriptions).where(eq(subscriptions.userId, owner.userId));

    const lapsed = await app.inject({ method: 'GET', url: link });
    expect(lapsed.statusCode).toBe(402);
    expect(lapsed.json().error).toMatchObject({ code: 'subscription_required', reasons: ['calm'] });
    expect(lapsed.body).not.toContain('BEGIN:VCALENDAR');

    await subscribe(app, owner, 'calm');
    expect((await app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
  });

  it('a new link replaces the old one, and turning the feed off makes the link unknown', async () => {
    const first = await createFeed(learner);
    const second = await createFeed(learner);
    expect((await app.inject({ method: 'GET', url: feedPath(first.url) })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: feedPath(second.url) })).statusCode).toBe(200);

    const off = await app.inject({ method: 'DELETE', url: '/api/calendar/feed', headers: { cookie: learner.cookie } });
    expect(off.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: feedPath(second.url) })).statusCode).toBe(404);

    const actions = await database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.userId, learner.userId));
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['calendar_feed.create', 'calendar_feed.revoke']),
    );
  });

  it('refuses malformed tokens and signed-out management', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/calendar/not-a-token/feed.ics' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: `/api/calendar/${'a'.repeat(43)}/feed.ics` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/calendar/feed' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/calendar/feed' })).statusCode).toBe(401);
  });
});
