import type { FastifyInstance } from 'fastify';
import { appChangeCache, type ChangeCache, type ChangeCacheOptions } from '../../change-cache.ts';
import type { Database } from '../../db/client.ts';
import { REALTIME_CHANNEL } from '../../plugins/realtime.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import { COURSE_CHANGES_CHANNEL } from '../courses/courses.module.ts';
import { createAnalyticsRepository } from './analytics.repository.ts';
import { analyticsRoutes } from './analytics.routes.ts';
import { type AnalyticsSources, createAnalyticsService, type KeptHome } from './analytics.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Features that know a learner's goals, XP and streak tell the dashboard through these. */
    analyticsSources: AnalyticsSources;
  }
}

/**
 * Notices with the id of a learner whose home changed: sent by the app for each write a signed-in learner makes and by
 * the goals' triggers (migration 0036) for goals changed in work that follows activity.
 */
export const LEARNER_CHANGES_CHANNEL = 'learner_changes';

/** A realtime push about a learner's tables (their XP, streaks, badges) means their home changed too. */
const learnerOfRealtime = (payload: string) => {
  try {
    const envelope = JSON.parse(payload) as { userId?: string; message?: { type?: string } };
    return envelope.userId && envelope.message?.type === 'table_change' ? envelope.userId : null;
  } catch {
    return '*';
  }
};

/**
 * Views of one learner kept in this process under their id until they change: dropped here at once for what they write
 * through this instance, and on every instance by the learner change notices (their writes elsewhere, goals' triggers)
 * and by the realtime pushes about their tables (XP, streaks, badges, achievements). `alsoFollow` adds channels whose
 * notices drop entries too.
 */
export function learnerViewCache<Value>(
  app: FastifyInstance,
  database: Database,
  { maxEntries, alsoFollow = [] }: Pick<ChangeCacheOptions, 'maxEntries' | 'alsoFollow'>,
): ChangeCache<Value> {
  const views = appChangeCache<Value>(app, database, {
    channel: LEARNER_CHANGES_CHANNEL,
    maxEntries,
    alsoFollow: [{ channel: REALTIME_CHANNEL, keyOf: learnerOfRealtime }, ...alsoFollow],
  });
  app.onWriteBy((userId) => views.drop(userId));
  return views;
}

/** How long the learners who wrote through this instance are gathered before the other instances are told. */
const NOTICE_WINDOW_MS = 20;

/**
 * Tells the other instances which learners wrote: once per window for all of them in one statement, not once per
 * write. Every transaction that notifies commits under one database-wide lock, so a notice per write (a SCORM
 * course commits several times a second) would queue writes behind each other.
 */
function learnerNotices(database: Database, onError: (error: unknown) => void) {
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  const flush = async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const learners = pending;
    pending = new Set();
    // Notices asked for in one turn of the event loop leave as one statement.
    await Promise.all([...learners].map((userId) => database.notify(LEARNER_CHANGES_CHANNEL, userId))).catch(onError);
  };
  return {
    add(userId: string) {
      pending.add(userId);
      timer ??= setTimeout(flush, NOTICE_WINDOW_MS);
    },
    flush,
  };
}

/** The learner's dashboard; goals and gamification, listed later, fill in `app.analyticsSources`. */
export async function registerAnalytics(
  app: FastifyInstance,
  {
    database,
    activityService,
    timeZoneOf,
    now,
  }: {
    database: Database;
    activityService: ActivityService;
    timeZoneOf: (userId: string) => Promise<string>;
    now: () => Date;
  },
) {
  const analyticsSources: AnalyticsSources = {};
  app.decorate('analyticsSources', analyticsSources);
  const homes = learnerViewCache<KeptHome>(app, database, {
    maxEntries: 5_000,
    // A course's title or status shows on the home of everyone taking it; authors change courses rarely.
    alsoFollow: [{ channel: COURSE_CHANGES_CHANNEL, keyOf: () => '*' }],
  });
  // Whatever a learner changes through this instance shows on their home here at once; the other instances hear of
  // it within a notice window. XP set off by the change, which may commit after the answer, sends its own notice.
  const notices = learnerNotices(database, (error) => app.log.warn({ err: error }, 'learner change notice not sent'));
  app.onWriteBy((userId) => notices.add(userId));
  app.addHook('onClose', () => notices.flush());
  const analyticsService = createAnalyticsService({
    analyticsRepository: createAnalyticsRepository({ db: database.db }),
    activity: activityService,
    timeZoneOf,
    sources: () => analyticsSources,
    homes,
    now,
  });
  await app.register(analyticsRoutes, { analyticsService });
}
