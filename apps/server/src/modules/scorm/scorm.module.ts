import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { getEffectiveRole, type RoleSource } from '../auth/roles.service.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import { createScormRepository } from './scorm.repository.ts';
import { scormRoutes } from './scorm.routes.ts';
import { createScormService, type ScormActor, type ScormService } from './scorm.service.ts';
import { createScormAnalyticsRepository } from './scorm-analytics.repository.ts';
import { scormAnalyticsRoutes } from './scorm-analytics.routes.ts';
import { createScormAnalyticsService } from './scorm-analytics.service.ts';
import { createScormAttemptLimitsRepository } from './scorm-attempt-limits.repository.ts';
import { scormAudit } from './scorm-audit.ts';
import { createCommitChannel } from './scorm-commit-channel.ts';
import { buildScormContentServer } from './scorm-content.ts';
import { withLaunchRules } from './scorm-launch-rules.ts';
import { scormPlayerRoutes } from './scorm-player.routes.ts';
import { createScormSharedDataRepository } from './scorm-shared-data.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The content origin's server (wrapper page and package files); tests `inject` into it. */
    scormContent: FastifyInstance;
  }
}

type ScormModuleDeps = {
  db: Db;
  config: Config;
  /** Staff's changes to packages and enrolments go to the audit trail. */
  auditService: AuditService;
  domainEvents: DomainEvents;
  roles: RoleSource;
  activity: Pick<ActivityService, 'addTime' | 'timeEndingNowForManySteps'>;
  assertCourseAccess: (actor: ScormActor, packageId: string) => Promise<void>;
};
/** The content origin as the player is told it: the embedded content server may learn its port only once listening. */
type ContentOrigin = { current: string };
type ContentServer = Awaited<ReturnType<typeof buildScormContentServer>>;

/** The SCORM service with its launch rules, and the channel the content's commits arrive on. */
function createScormServices(
  app: FastifyInstance,
  { db, config, domainEvents, roles, activity, assertCourseAccess }: ScormModuleDeps,
  origin: ContentOrigin,
) {
  const { blobStore } = app;
  const repository = createScormRepository({ db });
  const baseService = createScormService({
    repository,
    blobStore,
    domainEvents,
    limits: config.scorm.limits,
    contentSecret: config.authSecret,
    contentOrigin: () => origin.current,
    logger: app.log,
    roleOf: (userId) => getEffectiveRole({ userId, rolesRepository: roles, logger: app.log }),
    activity,
    assertCourseAccess,
    ingestLeaseSeconds: config.scorm.ingestLeaseSeconds,
  });
  const scormService = withLaunchRules(baseService, {
    repository,
    sharedData: createScormSharedDataRepository({ db }),
    attemptLimits: createScormAttemptLimitsRepository({ db }),
  });
  const commitChannel = createCommitChannel({
    secret: config.authSecret,
    contentOrigin: () => origin.current,
    commit: (actor, attemptId, body) => scormService.commit(actor, attemptId, body),
  });
  return { repository, scormService, commitChannel };
}

/** The app's pages may frame the content origin's wrapper page, and nothing else beyond their own origin. */
function allowFramingContent(app: FastifyInstance, origin: ContentOrigin) {
  app.addHook('onSend', async (_request, reply) => {
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string' && policy.includes("frame-src 'self'")) {
      reply.header('content-security-policy', policy.replace("frame-src 'self'", `frame-src 'self' ${origin.current}`));
    }
  });
}

/** A crash mid-ingest leaves a package processing; sweep such packages at start and then every half lease. */
function sweepInterruptedIngestsRegularly(
  app: FastifyInstance,
  scormService: Pick<ScormService, 'sweepInterrupted'>,
  ingestLeaseSeconds: number,
) {
  const sweepInterrupted = async () => {
    const interrupted = await scormService.sweepInterrupted();
    if (interrupted > 0) app.log.warn({ interrupted }, 'interrupted SCORM ingests were marked failed');
  };
  let sweeper: NodeJS.Timeout | null = null;
  let sweeping: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    await sweepInterrupted();
    sweeper = setInterval(
      () => {
        sweeping = sweepInterrupted().catch((error) => app.log.error({ err: error }, 'SCORM ingest sweep failed'));
      },
      (ingestLeaseSeconds * 1000) / 2,
    );
    sweeper.unref();
  });
  app.addHook('onClose', async () => {
    if (sweeper) clearInterval(sweeper);
    await sweeping;
  });
}

/** The embedded content server listens when the app does, and closes with it. */
function listenForContent(app: FastifyInstance, contentServer: ContentServer, config: Config, origin: ContentOrigin) {
  app.addHook('onListen', async () => {
    const { contentPort, contentPortExplicit, contentSharesHost } = config.scorm;
    if (contentSharesHost) {
      app.log.warn(
        { contentOrigin: origin.current },
        "SCORM content is served under the app's host name, so browsers send it the session cookie; set CONTENT_ORIGIN to an origin on another site",
      );
    }
    if (contentPort === null) return;
    try {
      await contentServer.listen({ host: config.host, port: contentPort });
    } catch (error) {
      // The default port (PORT + 1) may be taken; any free port serves as well, as the origin is told per session.
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || contentPortExplicit) throw error;
      app.log.warn({ port: contentPort }, 'SCORM content port in use; listening on a free one');
      await contentServer.listen({ host: config.host, port: 0 });
    }
    const address = contentServer.server.address();
    if (address && typeof address === 'object' && address.port !== contentPort) {
      const url = new URL(origin.current);
      url.port = String(address.port);
      origin.current = url.origin;
    }
  });
  app.addHook('onClose', async () => {
    await contentServer.close();
  });
}

/**
 * Registers the SCORM API on the app and builds the content server. When the app listens, the embedded content
 * server listens too, on its own port; with CONTENT_ORIGIN pointing elsewhere, it is served by whatever is there.
 */
export async function registerScorm(app: FastifyInstance, deps: ScormModuleDeps) {
  const { db, config, auditService } = deps;
  // The file store the files module (listed earlier) decorated the app with.
  const { blobStore } = app;
  const origin: ContentOrigin = { current: config.scorm.contentOrigin };
  const { repository, scormService, commitChannel } = createScormServices(app, deps, origin);
  const contentServer = await buildScormContentServer({
    scormService,
    commitChannel,
    blobStore,
    appOrigin: new URL(config.publicUrl).origin,
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
  });
  app.decorate('scormContent', contentServer as unknown as FastifyInstance);
  const { maxPackageBytes } = config.scorm.limits;
  await app.register(scormRoutes, { scormService, maxPackageBytes, audit: scormAudit(auditService) });
  await app.register(scormPlayerRoutes, { scormService, commitChannel });
  const analyticsService = createScormAnalyticsService({
    repository: createScormAnalyticsRepository({ db }),
    scormRepository: repository,
    canManage: scormService.canManage,
  });
  await app.register(scormAnalyticsRoutes, { analyticsService });

  allowFramingContent(app, origin);
  sweepInterruptedIngestsRegularly(app, scormService, config.scorm.ingestLeaseSeconds);
  listenForContent(app, contentServer, config, origin);
  return scormService;
}
