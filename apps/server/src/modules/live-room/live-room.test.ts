import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { userXp } from '../gamification/gamification.table.ts';
import { liveAttendance, liveChatMessages } from './live-room.table.ts';
import { livePerson, type Person, roomCaller, seedLiveSession } from './live-room.testing.ts';

describe.each(testTargets())('live room on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let host: Person;
  let ada: Person;
  let ben: Person;
  const ICE_SERVERS = [
    { urls: 'stun:stun.example.org:3478' },
    { urls: ['turn:turn.example.org:3478?transport=udp'], username: 'portal', credential: 'secret' },
  ];

  beforeAll(async () => {
    ({ app, database, close } = await startTestApp(target, { liveIceServers: ICE_SERVERS }));
    host = await livePerson(app, 'Hana Host', 'instructor');
    ada = await livePerson(app, 'Ada');
    ben = await livePerson(app, 'Ben');
  });
  afterAll(async () => {
    await close();
  });

  /** A session starting in 5 minutes with Ada and Ben going, everyone entered. */
  const openRoom = async (options: Partial<Parameters<typeof seedLiveSession>[1]> = {}) => {
    const sessionId = await seedLiveSession(app, { host, going: [ada, ben], ...options });
    const call = roomCaller(app, sessionId);
    for (const person of [host, ada, ben]) expect((await call(person, 'POST', '/enter')).statusCode).toBe(200);
    return { sessionId, call };
  };
  const errorCode = (response: { json: () => { error: { code: string } } }) => response.json().error.code;

  describe('membership', () => {
    it('a learner who is not going, or only waitlisted, gets not_a_member and is not recorded', async () => {
      const stranger = await livePerson(app, 'Stranger');
      const waiting = await livePerson(app, 'Waiting');
      const sessionId = await seedLiveSession(app, { host, going: [ada], waitlisted: [waiting] });
      const call = roomCaller(app, sessionId);
      for (const person of [stranger, waiting]) {
        const response = await call(person, 'POST', '/enter');
        expect(response.statusCode).toBe(403);
        expect(errorCode(response)).toBe('not_a_member');
        expect((await call(person, 'GET', '/messages')).statusCode).toBe(403);
      }
      expect(await database.db.select().from(liveAttendance).where(eq(liveAttendance.sessionId, sessionId))).toEqual(
        [],
      );
    });

    it('the room opens 10 minutes before the start and says when', async () => {
      const sessionId = await seedLiveSession(app, { host, going: [ada], startsInMinutes: 20 });
      const call = roomCaller(app, sessionId);
      const refused = await call(ada, 'POST', '/enter');
      expect(refused.statusCode).toBe(403);
      expect(errorCode(refused)).toBe('room_not_open');
      const lobby = (await call(ada, 'GET', '')).json();
      expect(lobby.status).toBe('not_open_yet');
      expect(Date.parse(lobby.opens_at)).toBe(Date.parse(lobby.starts_at) - 10 * 60_000);
      expect(refused.json().error.reasons).toEqual([lobby.opens_at]);
    });

    it('an unknown session is 404 and a learner without the us plan is asked for it', async () => {
      const call = roomCaller(app, '00000000-0000-4000-8000-000000000000');
      expect((await call(ada, 'POST', '/enter')).statusCode).toBe(404);
      const sessionId = await seedLiveSession(app, { host });
      const { signUpSubscribed } = await import('../../testing/factories.ts');
      const calm = { ...(await signUpSubscribed(app, 'calm')), name: 'Calm' };
      expect((await roomCaller(app, sessionId)(calm, 'POST', '/enter')).statusCode).toBe(402);
    });
  });

  describe('presence and attendance', () => {
    it('entering shows everyone present; leaving or a silent tab takes a person out of the list', async () => {
      const { sessionId, call } = await openRoom();
      const names = async () =>
        ((await call(host, 'GET', '/state')).json().participants as { name: string }[]).map((person) => person.name);
      expect(await names()).toEqual(['Hana Host', 'Ada', 'Ben']);

      expect((await call(ada, 'POST', '/leave')).statusCode).toBe(204);
      expect(await names()).toEqual(['Hana Host', 'Ben']);

      // Ben's tab stopped sending heartbeats a minute ago.
      await database.db
        .update(liveAttendance)
        .set({ lastSeenAt: new Date(Date.now() - 60_000) })
        .where(and(eq(liveAttendance.sessionId, sessionId), eq(liveAttendance.userId, ben.userId)));
      expect(await names()).toEqual(['Hana Host']);
    });

    it('attending earns 25 XP once however often one enters', async () => {
      const { sessionId, call } = await openRoom();
      await call(ada, 'POST', '/leave');
      await call(ada, 'POST', '/enter');
      await call(ada, 'POST', '/enter');
      await app.domainEvents.drain();
      const awards = await database.db
        .select()
        .from(userXp)
        .where(
          and(
            eq(userXp.userId, ada.userId),
            eq(userXp.eventType, 'live_session_attended'),
            eq(userXp.subjectId, sessionId),
          ),
        );
      expect(awards).toHaveLength(1);
      expect(awards[0]?.baseXp).toBe(25);
    });

    it('the host sees attendance per person and exports it as CSV; learners may not', async () => {
      const { sessionId, call } = await openRoom();
      await call(ada, 'POST', '/leave');
      await call(ada, 'POST', '/enter');
      const attendance = await call(host, 'GET', '/attendance');
      expect(attendance.statusCode).toBe(200);
      const rows = attendance.json().attendees as { name: string; visits: number; last_left_at: string | null }[];
      expect(rows.map((row) => [row.name, row.visits])).toEqual([
        ['Hana Host', 1],
        ['Ada', 2],
        ['Ben', 1],
      ]);
      expect((await call(ada, 'GET', '/attendance')).statusCode).toBe(403);

      await database.db
        .update(liveAttendance)
        .set({ joinedAt: new Date(Date.now() - 30 * 60_000) })
        .where(and(eq(liveAttendance.sessionId, sessionId), eq(liveAttendance.userId, ben.userId)));
      await call(ben, 'POST', '/leave');
      const csv = await call(host, 'GET', '/attendance.csv');
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.headers['content-disposition']).toContain('Fractions-live-attendance.csv');
      const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
      expect(lines[0]).toBe('Name,User id,First joined (UTC),Last left (UTC),Total minutes,Visits');
      expect(lines.find((line) => line.startsWith('Ben,'))).toMatch(/,30,1$/);
      expect((await call(ben, 'GET', '/attendance.csv')).statusCode).toBe(403);
    });

    it('a name that looks like a formula is written as text in the CSV', async () => {
      const sly = await livePerson(app, '=HYPERLINK("x")');
      const sessionId = await seedLiveSession(app, { host, going: [sly] });
      const call = roomCaller(app, sessionId);
      await call(sly, 'POST', '/enter');
      expect((await call(host, 'GET', '/attendance.csv')).body).toContain(`"'=HYPERLINK(""x"")"`);
    });
  });

  describe('chat', () => {
    it('messages are stored and the history pages back from the newest', async () => {
      const { call } = await openRoom();
      for (const text of ['one', 'two', 'three']) {
        expect((await call(ada, 'POST', '/messages', { body: text })).statusCode).toBe(200);
      }
      const latest = (await call(ben, 'GET', '/messages?limit=2')).json();
      expect(latest.messages.map((message: { body: string }) => message.body)).toEqual(['two', 'three']);
      const older = (await call(ben, 'GET', `/messages?limit=2&before=${latest.next_before}`)).json();
      expect(older).toMatchObject({ messages: [{ body: 'one', name: 'Ada' }], next_before: null });
    });

    it('empty, too long or control-character messages are refused and nothing is stored', async () => {
      const { sessionId, call } = await openRoom();
      for (const body of ['   ', 'x'.repeat(1001), 'bell\u0007']) {
        expect((await call(ada, 'POST', '/messages', { body })).statusCode).toBe(400);
      }
      expect(
        await database.db.select().from(liveChatMessages).where(eq(liveChatMessages.sessionId, sessionId)),
      ).toEqual([]);
    });

    it('a sixth message within five seconds is rate limited and not stored', async () => {
      const { sessionId, call } = await openRoom();
      for (let index = 0; index < 5; index += 1) {
        expect((await call(ada, 'POST', '/messages', { body: `m${index}` })).statusCode).toBe(200);
      }
      const flood = await call(ada, 'POST', '/messages', { body: 'too many' });
      expect(flood.statusCode).toBe(429);
      expect(errorCode(flood)).toBe('rate_limited');
      expect(
        await database.db.select().from(liveChatMessages).where(eq(liveChatMessages.sessionId, sessionId)),
      ).toHaveLength(5);
      expect((await call(ben, 'POST', '/messages', { body: 'Ben is not limited' })).statusCode).toBe(200);
    });

    it('the host deletes a message for everyone and mutes a participant, who then cannot send', async () => {
      const { call } = await openRoom();
      const rude = (await call(ada, 'POST', '/messages', { body: 'rude' })).json();
      expect((await call(ben, 'DELETE', `/messages/${rude.id}`)).statusCode).toBe(403);
      expect((await call(host, 'DELETE', `/messages/${rude.id}`)).statusCode).toBe(204);
      expect((await call(ben, 'GET', '/messages')).json().messages).toEqual([]);
      expect((await call(host, 'DELETE', `/messages/${rude.id}`)).statusCode).toBe(404);

      expect((await call(ben, 'PUT', `/participants/${ada.userId}/mute`, { muted: true })).statusCode).toBe(403);
      const muted = await call(host, 'PUT', `/participants/${ada.userId}/mute`, { muted: true });
      expect(muted.json().participants.find((person: { name: string }) => person.name === 'Ada').muted).toBe(true);
      const refused = await call(ada, 'POST', '/messages', { body: 'let me talk' });
      expect(refused.statusCode).toBe(403);
      expect(errorCode(refused)).toBe('chat_muted');
      await call(host, 'PUT', `/participants/${ada.userId}/mute`, { muted: false });
      expect((await call(ada, 'POST', '/messages', { body: 'thanks' })).statusCode).toBe(200);
    });
  });

  describe('hands, timer, poll and hand-over', () => {
    it('raised hands queue in order; the host lowers anyone, a learner only their own', async () => {
      const { call } = await openRoom();
      await call(ben, 'PUT', '/hand', { raised: true });
      await call(ada, 'PUT', '/hand', { raised: true });
      await call(ben, 'PUT', '/hand', { raised: true });
      const queue = async () =>
        ((await call(host, 'GET', '/state')).json().hands as { name: string }[]).map((hand) => hand.name);
      expect(await queue()).toEqual(['Ben', 'Ada']);
      expect((await call(ada, 'DELETE', `/hands/${ben.userId}`)).statusCode).toBe(403);
      expect((await call(host, 'DELETE', `/hands/${ben.userId}`)).statusCode).toBe(200);
      expect(await queue()).toEqual(['Ada']);
      await call(ada, 'PUT', '/hand', { raised: false });
      expect(await queue()).toEqual([]);
    });

    it('leaving the room, or dropping out of it, lowers the hand', async () => {
      const { sessionId, call } = await openRoom();
      await call(ada, 'PUT', '/hand', { raised: true });
      await call(ben, 'PUT', '/hand', { raised: true });
      await call(ada, 'POST', '/leave');
      expect((await call(ada, 'POST', '/enter')).json().hands.map((hand: { name: string }) => hand.name)).toEqual([
        'Ben',
      ]);

      // Ben's tab stopped sending heartbeats a minute ago; his tab comes back later.
      await database.db
        .update(liveAttendance)
        .set({ lastSeenAt: new Date(Date.now() - 60_000) })
        .where(and(eq(liveAttendance.sessionId, sessionId), eq(liveAttendance.userId, ben.userId)));
      expect((await call(ben, 'POST', '/enter')).json().hands).toEqual([]);
    });

    it('the host runs the shared timer: start, pause, resume, reset', async () => {
      const { call } = await openRoom();
      expect((await call(ada, 'POST', '/timer', { action: 'start', duration_seconds: 60 })).statusCode).toBe(403);
      expect((await call(host, 'POST', '/timer', { action: 'start', duration_seconds: 0 })).statusCode).toBe(400);
      expect((await call(host, 'POST', '/timer', { action: 'pause' })).statusCode).toBe(409);

      const started = (await call(host, 'POST', '/timer', { action: 'start', duration_seconds: 120 })).json();
      const seen = (await call(ada, 'GET', '/state')).json().timer;
      expect(seen).toMatchObject({ status: 'running', duration_seconds: 120 });
      const left = Date.parse(seen.ends_at) - Date.parse(started.server_now);
      expect(left).toBeGreaterThan(119_000);
      expect(left).toBeLessThanOrEqual(120_000);

      const paused = (await call(host, 'POST', '/timer', { action: 'pause' })).json().timer;
      expect(paused.status).toBe('paused');
      expect(paused.remaining_ms).toBeGreaterThan(110_000);
      expect(paused.remaining_ms).toBeLessThanOrEqual(120_000);
      const resumed = (await call(host, 'POST', '/timer', { action: 'resume' })).json();
      expect(Date.parse(resumed.timer.ends_at) - Date.parse(resumed.server_now)).toBeLessThanOrEqual(
        paused.remaining_ms,
      );
      expect((await call(host, 'POST', '/timer', { action: 'reset' })).json().timer).toEqual({
        status: 'idle',
        duration_seconds: null,
        ends_at: null,
        remaining_ms: null,
      });
    });

    it('a poll counts one vote per person (changeable) until the host closes it', async () => {
      const { call } = await openRoom();
      expect((await call(host, 'POST', '/poll', { question: 'Ready?', options: ['Yes'] })).statusCode).toBe(400);
      expect((await call(ada, 'POST', '/poll', { question: 'Ready?', options: ['Yes', 'No'] })).statusCode).toBe(403);
      expect((await call(host, 'POST', '/poll', { question: 'Ready?', options: ['Yes', 'No'] })).statusCode).toBe(204);
      await call(ada, 'PUT', '/poll/vote', { option: 0 });
      await call(ada, 'PUT', '/poll/vote', { option: 1 });
      await call(ben, 'PUT', '/poll/vote', { option: 1 });
      expect((await call(ben, 'PUT', '/poll/vote', { option: 2 })).statusCode).toBe(400);
      const poll = (await call(ada, 'GET', '/state')).json().poll;
      expect(poll).toMatchObject({
        question: 'Ready?',
        status: 'open',
        my_vote: 1,
        total_votes: 2,
        options: [
          { text: 'Yes', votes: 0 },
          { text: 'No', votes: 2 },
        ],
      });
      expect((await call(host, 'POST', '/poll/close')).statusCode).toBe(204);
      expect((await call(ben, 'PUT', '/poll/vote', { option: 0 })).statusCode).toBe(409);
      expect((await call(ben, 'GET', '/state')).json().poll).toMatchObject({ status: 'closed', total_votes: 2 });
    });

    it('the host hands the host role to someone present, who then moderates', async () => {
      const { call } = await openRoom();
      const stranger = await livePerson(app, 'Not here');
      expect((await call(host, 'POST', '/host', { user_id: stranger.userId })).statusCode).toBe(409);
      expect((await call(ada, 'POST', '/host', { user_id: ada.userId })).statusCode).toBe(403);
      const handed = (await call(host, 'POST', '/host', { user_id: ada.userId })).json();
      expect(handed.host_id).toBe(ada.userId);
      expect(handed.me).toMatchObject({ is_host: false, can_moderate: false });
      expect((await call(ada, 'GET', '/state')).json().me).toMatchObject({ is_host: true, can_moderate: true });
      expect((await call(ada, 'POST', '/timer', { action: 'start', duration_seconds: 30 })).statusCode).toBe(200);
      expect((await call(host, 'POST', '/timer', { action: 'reset' })).statusCode).toBe(403);
      expect((await call(ben, 'POST', '/host', { user_id: ben.userId })).statusCode).toBe(403);
      expect((await call(ben, 'GET', '/state')).json().host_name).toBe('Ada');

      // Ada leaves holding the role: the room still names her as its host.
      expect((await call(ada, 'POST', '/leave', {})).statusCode).toBe(204);
      const withoutHost = (await call(ben, 'GET', '/state')).json();
      expect(withoutHost.participants.map((person: { user_id: string }) => person.user_id)).not.toContain(ada.userId);
      expect(withoutHost).toMatchObject({ host_id: ada.userId, host_name: 'Ada' });

      // The session's owner takes the host role back.
      expect((await call(host, 'GET', '/state')).json().me.can_reclaim_host).toBe(true);
      const reclaimed = (await call(host, 'POST', '/host', { user_id: host.userId })).json();
      expect(reclaimed.me).toMatchObject({ is_host: true, can_moderate: true, can_reclaim_host: false });
    });

    it('the in-browser call is offered the configured STUN and TURN servers', async () => {
      const { call } = await openRoom();
      const state = (await call(ada, 'GET', '/state')).json();
      expect(state.media_mode).toBe('mesh');
      expect(state.ice_servers).toEqual(ICE_SERVERS);
    });

    it('with a meeting URL the room offers it instead of the in-browser call', async () => {
      const { call } = await openRoom({ meetingUrl: 'https://meet.example.com/abc' });
      const state = (await call(ada, 'GET', '/state')).json();
      expect(state.media_mode).toBe('external');
      expect(state.session.meeting_url).toBe('https://meet.example.com/abc');
      expect(state.me.media).toBe(false);
    });

    it('only the first six present take part in the in-browser call', async () => {
      const others = await Promise.all(['P4', 'P5', 'P6', 'P7'].map((name) => livePerson(app, name)));
      const { call } = await openRoom({ going: [ada, ben, ...others] });
      for (const person of others) await call(person, 'POST', '/enter');
      const state = (await call(host, 'GET', '/state')).json();
      expect(state.participants.map((person: { media: boolean }) => person.media)).toEqual([
        true,
        true,
        true,
        true,
        true,
        true,
        false,
      ]);
      expect((await call(others[3] as Person, 'GET', '/state')).json().me.media).toBe(false);
    });
  });
});
