import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createAdminAuditRepository } from './admin-audit.repository.ts';
import { createAdminOverviewRepository } from './admin-overview.repository.ts';
import { adminOverviewRoutes } from './admin-overview.routes.ts';
import { createAdminOverviewService } from './admin-overview.service.ts';

/** The admin home (KPIs, daily active learners, recent sign-ups and admin actions, system health) and the audit log. */
export async function registerAdminOverview(
  app: FastifyInstance,
  { database, smtpConfigured }: { database: Database; smtpConfigured: boolean },
) {
  const { db } = database;
  const adminOverviewService = createAdminOverviewService({
    overviewRepository: createAdminOverviewRepository({ db }),
    auditRepository: createAdminAuditRepository({ db }),
    health: {
      databaseKind: database.kind,
      smtpConfigured,
      blobStore: app.blobStore,
      jobsHealth: () => app.jobs.health(),
      realtimeConnections: () => app.realtime.connectionCount(),
    },
    now: () => app.clock.now(),
  });
  await app.register(adminOverviewRoutes, { adminOverviewService });
}
