import { localOfInstant } from '@portal/shared/live';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { asUser } from '../../testing/billing-factories.ts';
import { latestMessageTo, linkIn, readMailbox } from '../../testing/factories.ts';
import { realtimeTabs } from '../../testing/realtime-tabs.ts';
import { startSiblingApp, startTestApp, testTargets } from '../../testing/test-app.ts';
import { createTestClock } from '../../testing/test-clock.ts';
import { liveHelpers, type Person } from './live.testing.ts';

describe.each(testTargets())('answering live sessions and their reminders on $name', (target) => {
  let app: App;
  let close: () => Promise<void>;
  let database: Awaited<ReturnType<typeof startTestApp>>['database'];
  let helpers: ReturnType<typeof liveHelpers>;
  const clock = createTestClock(new Date());
  const tabs = realtimeTabs();

  beforeAll(async () => {
    ({ app, close, database } = await startTestApp(target, {}, { clock }));
    helpers = liveHelpers(app);
    await tabs.listen(app);
  });
  afterAll(async () => {
    tabs.closeAll();
    await close();
  });

  /** A start `minutes` from the clock's now, as a UTC wall-clock time. */
  const inMinutes = (minutes: number) => localOfInstant(new Date(clock.now().getTime() + minutes * 60_000), 'UTC');
  const mailsTo = async (person: Person) =>
    (await readMailbox(app)).filter((message) => message.recipient === person.email);

  it('fifty learners answering "going" at once to ten places: exactly ten confirmed, forty waitlisted', async () => {
    const { person, scheduleOk, rsvp, getSession } = helpers;
    const instructor = await person('us', 'instructor');
    const [session] = await scheduleOk(instructor, {
      start_local: inMinutes(3 * 24 * 60),
      time_zone: 'UTC',
      capacity: 10,
    });
    const id = session?.id ?? '';
    const learners = await Promise.all(Array.from({ length: 50 }, () => person('us')));
    const answers = await Promise.all(learners.map((learner) => rsvp(learner, id, 'going')));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const shown = (await getSession(instructor, id)).json().session;
    expect(shown).toMatchObject({ going_count: 10, waitlist_count: 40, capacity: 10 });
    const waitlisted = answers.filter((answer) => answer.json().session.my_rsvp.waitlisted);
    expect(waitlisted).toHaveLength(40);
  }, 120_000);

  it('when a confirmed learner stops going, the first on the waitlist gets the place and is told', async () => {
    const { person, scheduleOk, rsvp, getSession, setProfile } = helpers;
    const instructor = await person('us', 'instructor');
    const [session] = await scheduleOk(instructor, {
      title: 'Small seminar',
      start_local: inMinutes(2 * 24 * 60),
      time_zone: 'UTC',
      capacity: 1,
    });
    const id = session?.id ?? '';
    const [first, second, third] = [await person(), await person(), await person()];
    await setProfile(second, { primary_language: 'Chinese' });
    await rsvp(first, id, 'going');
    await rsvp(second, id, 'going');
    await rsvp(third, id, 'going');
    expect((await getSession(third, id)).json().session.my_rsvp).toEqual({
      response: 'going',
      waitlisted: true,
      waitlist_position: 2,
    });
    const secondTab = await tabs.connect(second);
    const left = await rsvp(first, id, 'not_going');
    expect(left.json().session).toMatchObject({ going_count: 1, waitlist_count: 1 });
    expect((await getSession(second, id)).json().session.my_rsvp).toMatchObject({ waitlisted: false });
    expect((await getSession(third, id)).json().session.my_rsvp).toMatchObject({ waitlist_position: 1 });
    expect((await latestMessageTo(app, second.email)).subject).toBe('您已获得名额：Small seminar');
    let pushed = await secondTab.next();
    while (pushed.type !== 'live_session_changed') pushed = await secondTab.next();
    expect(pushed).toMatchObject({ session_id: id, change: 'promoted', title: 'Small seminar' });
    expect(await mailsTo(third)).toEqual([expect.objectContaining({ subject: 'Confirm your email address' })]);
  });

  it('answers are refused for the host, a cancelled or an ended session, and a session one cannot see', async () => {
    const { person, scheduleOk, rsvp, cancel } = helpers;
    const host = await person('us');
    const stranger = await person('us');
    const [group] = await scheduleOk(host, {
      kind: 'study_group',
      audience: 'shared_plan',
      start_local: inMinutes(60),
      time_zone: 'UTC',
    });
    expect((await rsvp(host, group?.id ?? '', 'going')).statusCode).toBe(400);
    expect((await rsvp(stranger, group?.id ?? '', 'going')).statusCode).toBe(404);
    expect((await rsvp(stranger, group?.id ?? '', 'bogus')).statusCode).toBe(400);
    const instructor = await person('us', 'instructor');
    const [open] = await scheduleOk(instructor, { start_local: inMinutes(60), time_zone: 'UTC' });
    await cancel(instructor, open?.id ?? '');
    expect((await rsvp(stranger, open?.id ?? '', 'going')).statusCode).toBe(409);
  });

  it('members of a shared us plan see their study groups', async () => {
    const { person, scheduleOk, getSession } = helpers;
    const owner = await person('us');
    const joined = await person('calm');
    const invited = await app.inject({
      method: 'POST',
      url: '/api/shared-plan/invites',
      headers: asUser(owner),
      payload: { email: joined.email },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const token = linkIn(await latestMessageTo(app, joined.email)).split('/subscription/invite/')[1];
    const accepted = await app.inject({
      method: 'POST',
      url: '/api/shared-plan/accept',
      headers: asUser(joined),
      payload: { token },
    });
    expect(accepted.statusCode).toBe(200);
    const [group] = await scheduleOk(joined, {
      kind: 'study_group',
      audience: 'shared_plan',
      start_local: inMinutes(90),
      time_zone: 'UTC',
    });
    expect((await getSession(owner, group?.id ?? '')).statusCode).toBe(200);
    const outsider = await person('us');
    expect((await getSession(outsider, group?.id ?? '')).statusCode).toBe(404);
  });

  it('reminders go out once across two instances, 24 hours and 15 minutes before, never to "not going"', async () => {
    const { person, scheduleOk, rsvp, patch, setProfile } = helpers;
    const sibling = await startSiblingApp(database);
    try {
      const instructor = await person('us', 'instructor');
      const [going, maybe, notGoing] = [await person(), await person(), await person()];
      await setProfile(going, { primary_language: 'German', timezone: 'Europe/Berlin' });
      clock.set(new Date());
      const [session] = await scheduleOk(instructor, {
        title: 'Exam prep',
        start_local: inMinutes(10),
        time_zone: 'UTC',
      });
      const [cancelledOne] = await scheduleOk(instructor, {
        title: 'Called off',
        start_local: inMinutes(12),
        time_zone: 'UTC',
      });
      const id = session?.id ?? '';
      await rsvp(going, id, 'going');
      await rsvp(maybe, id, 'maybe');
      await rsvp(notGoing, id, 'not_going');
      await rsvp(going, cancelledOne?.id ?? '', 'going');
      await helpers.cancel(instructor, cancelledOne?.id ?? '');
      // The sibling runs on the real clock: both see the 15-minute reminder as due now.
      const sent = await Promise.all([
        app.liveReminders.sendDue(),
        sibling.liveReminders.sendDue(),
        app.liveReminders.sendDue(),
      ]);
      expect(sent.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(3);
      const reminders = async (who: Person) =>
        (await mailsTo(who))
          .filter((mail) => /^(Morgen|Beginnt gleich|Tomorrow|Starting soon|明天|即将开始)/.test(mail.subject))
          .reverse();
      expect((await reminders(going)).map((mail) => mail.subject)).toEqual(['Beginnt gleich: Exam prep']);
      expect(await reminders(maybe)).toHaveLength(1);
      expect(await reminders(notGoing)).toHaveLength(0);
      expect((await reminders(instructor)).map((mail) => mail.subject)).toEqual(['Starting soon: Exam prep']);
      expect(await sibling.liveReminders.sendDue()).toBe(0);
      // Rescheduling the occurrence a day later arms its reminders again: the 24-hour one is due a day on.
      await patch(instructor, id, { start_local: inMinutes(24 * 60 + 10) });
      clock.set(new Date(clock.now().getTime() + 11 * 60_000));
      await app.liveReminders.sendDue();
      expect((await reminders(going)).map((mail) => mail.subject)).toEqual([
        'Beginnt gleich: Exam prep',
        'Morgen: Exam prep',
      ]);
      expect(await reminders(notGoing)).toHaveLength(0);
    } finally {
      await sibling.close();
    }
  });
});
