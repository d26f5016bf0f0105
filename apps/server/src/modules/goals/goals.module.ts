import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import { createGoalsRepository } from './goals.repository.ts';
import { goalsRoutes } from './goals.routes.ts';
import { createGoalsService } from './goals.service.ts';

/**
 * The learner's goals: completed automatically from domain events, their deadlines in the calendar and a summary on
 * the dashboard (so calendar and analytics are listed before this module).
 */
export async function registerGoals(
  app: FastifyInstance,
  {
    db,
    domainEvents,
    publicUrl,
    timeZoneOf,
    learningSecondsBetween,
  }: {
    db: Db;
    domainEvents: DomainEvents;
    publicUrl: string;
    timeZoneOf: (userId: string) => Promise<string>;
    learningSecondsBetween: (userId: string, window: { from: Date; to: Date }) => Promise<number>;
  },
) {
  const goalsService = createGoalsService({
    goalsRepository: createGoalsRepository({ db }),
    domainEvents,
    timeZoneOf,
    learningSecondsBetween,
  });
  domainEvents.subscribe('goals.auto-complete', (event) => goalsService.onDomainEvent(event));
  app.calendarSources.push((userId) => goalsService.calendarEntries(userId, publicUrl));
  app.analyticsSources.goals = goalsService.dashboardSummaryPart;
  await app.register(goalsRoutes, { goalsService });
  return goalsService;
}
