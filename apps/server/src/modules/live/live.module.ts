import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../mail/mail.service.ts';
import { createLiveNotifier } from './live.notify.ts';
import { createLiveRepository } from './live.repository.ts';
import { liveRoutes } from './live.routes.ts';
import { createLiveService } from './live.service.ts';
import { createLiveChangesService } from './live-changes.service.ts';
import { createLiveReminders, LIVE_REMINDERS_JOB, type LiveReminders } from './live-reminders.ts';
import { createLiveRsvpService } from './live-rsvp.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the live session reminders due now; the job runs it every minute. */
    liveReminders: LiveReminders;
  }
}

/**
 * The live hub's sessions: scheduling, answers with a waitlist, reminders and calendar files. Sessions the learner
 * hosts or answered going or maybe to join their personal calendar feed.
 */
export async function registerLive(
  app: FastifyInstance,
  {
    db,
    mailer,
    publicUrl,
    timeZoneOf,
    planMembersOf,
  }: {
    db: Db;
    mailer: Mailer;
    publicUrl: string;
    timeZoneOf: (userId: string) => Promise<string>;
    /** Everyone on the user's shared plan, who may see the sessions they host for it. */
    planMembersOf: (userId: string) => Promise<string[]>;
  },
) {
  const repository = createLiveRepository({ db });
  const now = () => app.clock.now();
  const notifier = createLiveNotifier({
    mailer,
    publishToUser: (userId, message) => app.realtime.publishToUser(userId, message),
    publicUrl,
    logger: app.log,
  });
  const live = createLiveService({ repository, notifier, planMembersOf, timeZoneOf, now });
  const changes = createLiveChangesService({ repository, live, notifier, now });
  const rsvps = createLiveRsvpService({ repository, live, notifier, now });
  const reminders = createLiveReminders({ repository, notifier, logger: app.log, now });
  app.decorate('liveReminders', reminders);
  app.calendarSources.push((userId) => live.calendarEntries(userId));
  await app.register(liveRoutes, { live, changes, rsvps, publicUrl });
  await app.jobs.work(LIVE_REMINDERS_JOB, async () => {
    await reminders.sendDue();
  });
  await app.jobs.cron(LIVE_REMINDERS_JOB, '* * * * *');
  return { live, changes, rsvps, reminders };
}
