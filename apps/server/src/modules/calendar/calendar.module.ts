import { canUseFeature } from '@portal/shared/tiers';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import { createCalendarRepository } from './calendar.repository.ts';
import { calendarRoutes } from './calendar.routes.ts';
import { type CalendarSource, createCalendarService } from './calendar.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Features with dated things for the learner (goal deadlines, due dates, live sessions) add a source here. */
    calendarSources: CalendarSource[];
  }
}

/** The learner's calendar and its feed; modules listed later add their dated things to `app.calendarSources`. */
export async function registerCalendar(
  app: FastifyInstance,
  {
    db,
    publicUrl,
    auditService,
    subscriptionService,
  }: { db: Db; publicUrl: string; auditService: AuditService; subscriptionService: SubscriptionService },
) {
  const calendarSources: CalendarSource[] = [];
  app.decorate('calendarSources', calendarSources);
  const calendarService = createCalendarService({
    calendarRepository: createCalendarRepository({ db }),
    sources: () => calendarSources,
    publicUrl,
    audit: (event) => auditService.recordAuditEvent(event),
    planIncludes: async (userId, feature) => canUseFeature(await subscriptionService.getStatus(userId), feature),
  });
  await app.register(calendarRoutes, { calendarService });
}
