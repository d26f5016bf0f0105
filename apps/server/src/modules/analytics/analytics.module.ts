import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import { createAnalyticsRepository } from './analytics.repository.ts';
import { analyticsRoutes } from './analytics.routes.ts';
import { type AnalyticsSources, createAnalyticsService } from './analytics.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Features that know a learner's goals, XP and streak tell the dashboard through these. */
    analyticsSources: AnalyticsSources;
  }
}

/** The learner's dashboard; goals and gamification, listed later, fill in `app.analyticsSources`. */
export async function registerAnalytics(
  app: FastifyInstance,
  {
    db,
    activityService,
    timeZoneOf,
  }: { db: Db; activityService: ActivityService; timeZoneOf: (userId: string) => Promise<string> },
) {
  const analyticsSources: AnalyticsSources = {};
  app.decorate('analyticsSources', analyticsSources);
  const analyticsService = createAnalyticsService({
    analyticsRepository: createAnalyticsRepository({ db }),
    activity: activityService,
    timeZoneOf,
    sources: () => analyticsSources,
  });
  await app.register(analyticsRoutes, { analyticsService });
}
