import type { FastifyInstance } from 'fastify';
import { appChangeCache } from '../../change-cache.ts';
import type { Database } from '../../db/client.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import { createAnalyticsRepository } from './analytics.repository.ts';
import { analyticsRoutes } from './analytics.routes.ts';
import { type AnalyticsSources, createAnalyticsService, type KeptHome } from './analytics.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Features that know a learner's goals, XP and streak tell the dashboard through these. */
    analyticsSources: AnalyticsSources;
  }
}

/** Notices with a learner's id when rows their home is made of change, or '*' for every learner (migration 0036). */
export const LEARNER_CHANGES_CHANNEL = 'learner_changes';

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
  const homes = appChangeCache<KeptHome>(app, database, { channel: LEARNER_CHANGES_CHANNEL, maxEntries: 5_000 });
  // Whatever a learner changes through this instance shows on their home here at once; other instances, and work
  // that ends after the answer (XP set off by a completion), drop it as the database's notice arrives.
  app.onWriteBy((userId) => homes.drop(userId));
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
