import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Mailer } from '../mail/mail.service.ts';
import { createAdminAnalyticsRepository } from './admin-analytics.repository.ts';
import { adminAnalyticsRoutes } from './admin-analytics.routes.ts';
import { createAdminAnalyticsService } from './admin-analytics.service.ts';
import { createAtRiskRepository } from './at-risk.repository.ts';

/** Admin analytics: aggregates over all learners, the at-risk list and nudge mails. */
export async function registerAdminAnalytics(
  app: FastifyInstance,
  deps: {
    db: Db;
    mailer: Mailer;
    auditService: AuditService;
    publicUrl: string;
    /** The thresholds screen's number of idle days after which a learner is flagged. */
    inactiveDays: () => Promise<number>;
    now: () => Date;
  },
) {
  const adminAnalyticsService = createAdminAnalyticsService({
    repository: createAdminAnalyticsRepository({ db: deps.db }),
    atRiskRepository: createAtRiskRepository({ db: deps.db }),
    inactiveDays: deps.inactiveDays,
    mailer: deps.mailer,
    auditService: deps.auditService,
    publicUrl: deps.publicUrl,
    now: deps.now,
  });
  await app.register(adminAnalyticsRoutes, { adminAnalyticsService });
}
