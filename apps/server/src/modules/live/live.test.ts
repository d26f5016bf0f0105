import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { asUser } from '../../testing/billing-factories.ts';
import { latestMessageTo } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { createTestClock } from '../../testing/test-clock.ts';
import { liveHelpers } from './live.testing.ts';

const START = new Date('2026-03-01T12:00:00Z');

describe.each(testTargets())('scheduling live sessions on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;
  let helpers: ReturnType<typeof liveHelpers>;
  const clock = createTestClock(START);

  beforeAll(async () => {
    ({ app, close } = await startTestApp(target, {}, { clock }));
    helpers = liveHelpers(app);
  });
  afterAll(async () => {
    await close();
  });
  beforeEach(() => clock.set(START));

  it('a weekly series in Berlin stays at 18:00 local time across the change to summer time', async () => {
    const { person, scheduleOk, getSession } = helpers;
    const instructor = await person('us', 'instructor');
    const sessions = await scheduleOk(instructor, {
      start_local: '2026-03-15T18:00',
      recurrence: { frequency: 'weekly', count: 4, exceptions: [] },
    });
    expect(sessions.map((session) => session.starts_at)).toEqual([
      '2026-03-15T17:00:00.000Z',
      '2026-03-22T17:00:00.000Z',
      '2026-03-29T16:00:00.000Z',
      '2026-04-05T16:00:00.000Z',
    ]);
    expect(sessions.every((session) => session.start_local.endsWith('T18:00'))).toBe(true);
    const last = sessions.at(-1);
    const shown = (await getSession(instructor, last?.id ?? '')).json().session;
    expect(shown).toMatchObject({ time_zone: 'Europe/Berlin', is_host: true, can_edit: true });
  });

  it('a biweekly series ends on its until date and leaves out its exceptions', async () => {
    const { person, scheduleOk } = helpers;
    const instructor = await person('us', 'instructor');
    const sessions = await scheduleOk(instructor, {
      start_local: '2026-03-02T09:30',
      time_zone: 'UTC',
      recurrence: { frequency: 'biweekly', until: '2026-04-30', exceptions: ['2026-03-30'] },
    });
    expect(sessions.map((session) => session.start_local)).toEqual([
      '2026-03-02T09:30',
      '2026-03-16T09:30',
      '2026-04-13T09:30',
      '2026-04-27T09:30',
    ]);
  });

  it('refuses bad input with a clear 4xx and stores nothing', async () => {
    const { person, schedule, classBody, hub } = helpers;
    const instructor = await person('us', 'instructor');
    const learner = await person('us');
    const refusals: [Record<string, unknown>, number, string?][] = [
      [classBody({ start_local: '2026-02-28T18:00' }), 400, 'past'],
      [classBody({ meeting_url: 'http://meet.example.com/room' }), 400],
      [
        classBody({ recurrence: { frequency: 'weekly', count: 3, exceptions: ['2026-03-11'] } }),
        400,
        'one of the dates',
      ],
      [
        classBody({ recurrence: { frequency: 'weekly', count: 3, exceptions: ['2026-03-17', '2026-03-17'] } }),
        400,
        'only once',
      ],
      [classBody({ recurrence: { frequency: 'weekly', count: 60, exceptions: [] } }), 400],
      [classBody({ recurrence: { frequency: 'weekly', until: '2027-12-31', exceptions: [] } }), 400, '52'],
      [classBody({ audience: 'shared_plan' }), 400],
      [classBody({ audience: 'invited', invitee_emails: ['nobody-here@example.com'] }), 400],
      [classBody({ capacity: 0 }), 400],
    ];
    for (const [payload, status, message] of refusals) {
      const response = await schedule(instructor, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      if (message) expect(response.json().error.message).toContain(message);
    }
    const asLearner = await schedule(learner, classBody());
    expect(asLearner.statusCode).toBe(403);
    const calmLearner = await person('me');
    const belowUs = await schedule(calmLearner, classBody({ kind: 'study_group', audience: 'shared_plan' }));
    expect(belowUs.statusCode).toBe(402);
    expect((await hub(instructor, 'mine')).upcoming).toEqual([]);
  });

  it('a study group is seen by the shared plan and by invited learners only', async () => {
    const { person, scheduleOk, hub, getSession } = helpers;
    const host = await person('us');
    const invited = await person('us');
    const stranger = await person('us');
    const [group] = await scheduleOk(host, {
      kind: 'study_group',
      title: 'Verb drill',
      audience: 'invited',
      invitee_emails: [invited.email.toUpperCase()],
    });
    expect((await hub(invited)).upcoming.map((session) => session.id)).toContain(group?.id);
    expect((await hub(stranger)).upcoming.map((session) => session.id)).not.toContain(group?.id);
    expect((await getSession(stranger, group?.id ?? '')).statusCode).toBe(404);
    const mail = await latestMessageTo(app, invited.email);
    expect(mail.subject).toBe('You are invited: Verb drill');
    const [planGroup] = await scheduleOk(host, { kind: 'study_group', audience: 'shared_plan' });
    expect((await getSession(invited, planGroup?.id ?? '')).statusCode).toBe(404);
    expect((await getSession(host, planGroup?.id ?? '')).statusCode).toBe(200);
  });

  it('editing one occurrence or the rest of a series moves them and tells attendees in their language', async () => {
    const { person, scheduleOk, rsvp, patch, setProfile } = helpers;
    const instructor = await person('us', 'instructor');
    const learner = await person('us');
    await setProfile(learner, { primary_language: 'German', timezone: 'Europe/Berlin' });
    const sessions = await scheduleOk(instructor, {
      title: 'Grammar hour',
      start_local: '2026-03-16T18:00',
      recurrence: { frequency: 'weekly', count: 4, exceptions: [] },
    });
    const [first, second, third, fourth] = sessions;
    expect((await rsvp(learner, second?.id ?? '', 'going')).statusCode).toBe(200);
    const moved = await patch(instructor, second?.id ?? '', { scope: 'following', start_local: '2026-03-24T19:30' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().sessions.map((session: { start_local: string }) => session.start_local)).toEqual([
      '2026-03-24T19:30',
      '2026-03-31T19:30',
      '2026-04-07T19:30',
    ]);
    const mail = await latestMessageTo(app, learner.email);
    expect(mail.subject).toBe('Geändert: Grammar hour');
    expect(mail.text).toContain('24. März 2026 um 19:30');
    const one = await patch(instructor, first?.id ?? '', { title: 'Grammar hour (room 2)' });
    expect(one.json().sessions).toHaveLength(1);
    expect(third && fourth).toBeTruthy();
  });

  it('only the host or an admin changes a session; a learner gets 403 and nothing changes', async () => {
    const { person, scheduleOk, patch, cancel, getSession } = helpers;
    const instructor = await person('us', 'instructor');
    const other = await person('us', 'instructor');
    const admin = await person('us', 'admin');
    const [session] = await scheduleOk(instructor, { title: 'Mine' });
    const id = session?.id ?? '';
    expect((await patch(other, id, { title: 'Theirs' })).statusCode).toBe(403);
    expect((await cancel(other, id)).statusCode).toBe(403);
    expect((await getSession(instructor, id)).json().session.title).toBe('Mine');
    expect((await patch(admin, id, { title: 'Renamed by admin' })).statusCode).toBe(200);
    expect((await patch(instructor, id, { start_local: '2026-02-01T10:00' })).statusCode).toBe(400);
    expect((await getSession(instructor, id)).json().session.title).toBe('Renamed by admin');
  });

  it('capacity cannot go below the confirmed attendees; raising it moves the waitlist up', async () => {
    const { person, scheduleOk, rsvp, patch, getSession } = helpers;
    const instructor = await person('us', 'instructor');
    const [a, b, c] = [await person(), await person(), await person()];
    const [session] = await scheduleOk(instructor, { capacity: 2 });
    const id = session?.id ?? '';
    for (const learner of [a, b, c]) await rsvp(learner, id, 'going');
    const lower = await patch(instructor, id, { capacity: 1 });
    expect(lower.statusCode).toBe(400);
    expect((await getSession(c, id)).json().session.my_rsvp).toMatchObject({ waitlisted: true, waitlist_position: 1 });
    expect((await patch(instructor, id, { capacity: 3 })).statusCode).toBe(200);
    expect((await getSession(c, id)).json().session).toMatchObject({ going_count: 3, waitlist_count: 0 });
  });

  it('cancelling the rest of a series tells attendees and stops answers', async () => {
    const { person, scheduleOk, rsvp, cancel, hub } = helpers;
    const instructor = await person('us', 'instructor');
    const learner = await person('us');
    const sessions = await scheduleOk(instructor, {
      title: 'Reading circle',
      recurrence: { frequency: 'weekly', count: 3, exceptions: [] },
    });
    const [first, second] = sessions;
    await rsvp(learner, second?.id ?? '', 'maybe');
    const cancelled = await cancel(instructor, second?.id ?? '', 'following');
    expect(cancelled.json().sessions.map((session: { status: string }) => session.status)).toEqual([
      'cancelled',
      'cancelled',
    ]);
    expect((await rsvp(learner, second?.id ?? '', 'going')).statusCode).toBe(409);
    expect((await latestMessageTo(app, learner.email)).subject).toBe('Cancelled: Reading circle');
    const upcoming = (await hub(learner)).upcoming.filter((session) => session.title === 'Reading circle');
    expect(upcoming.map((session) => session.id)).toContain(first?.id);
  });

  it('serves an .ics per session and puts answered sessions in the personal calendar feed', async () => {
    const { person, scheduleOk, rsvp } = helpers;
    const instructor = await person('us', 'instructor');
    const learner = await person('us');
    const [session, skipped] = await scheduleOk(instructor, {
      title: 'Pronunciation lab',
      meeting_url: 'https://meet.example.com/lab',
      recurrence: { frequency: 'weekly', count: 2, exceptions: [] },
    });
    const ics = await app.inject({
      method: 'GET',
      url: `/api/live/sessions/${session?.id}.ics`,
      headers: asUser(learner),
    });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('SUMMARY:Pronunciation lab');
    expect(ics.body).toContain('DTSTART:20260310T170000Z');
    expect(ics.body).toContain('https://meet.example.com/lab');
    await rsvp(learner, session?.id ?? '', 'going');
    const feed = await app.inject({ method: 'POST', url: '/api/calendar/feed', headers: asUser(learner) });
    const url = new URL(feed.json().url);
    const calendar = await app.inject({ method: 'GET', url: url.pathname });
    expect(calendar.body).toContain(`live-${session?.id}`);
    expect(calendar.body).not.toContain(`live-${skipped?.id}`);
  });

  it('the hub shows a session live from ten minutes before its start, and its recording after it', async () => {
    const { person, scheduleOk, hub, patch } = helpers;
    const instructor = await person('us', 'instructor');
    const [session] = await scheduleOk(instructor, {
      title: 'Live soon',
      start_local: '2026-03-01T14:00',
      time_zone: 'UTC',
    });
    const id = session?.id ?? '';
    clock.set(new Date('2026-03-01T13:49:00Z'));
    expect((await hub(instructor)).live_now.map((row) => row.id)).not.toContain(id);
    clock.set(new Date('2026-03-01T13:51:00Z'));
    expect((await hub(instructor)).live_now.map((row) => row.id)).toContain(id);
    clock.set(new Date('2026-03-01T15:30:00Z'));
    expect((await patch(instructor, id, { recording_url: 'https://video.example.com/rec' })).statusCode).toBe(200);
    expect((await hub(instructor)).past.find((row) => row.id === id)?.recording_url).toBe(
      'https://video.example.com/rec',
    );
  });
});
