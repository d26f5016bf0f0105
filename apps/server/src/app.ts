import path from 'node:path';
import { isPhoneOnlyEmail } from '@portal/shared/auth';
import { canUseFeature } from '@portal/shared/tiers';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerAdminConsole } from './admin-console.ts';
import { type Config, fastifyTrustProxy } from './config.ts';
import type { Database } from './db/client.ts';
import { registerLearnerTools } from './learner-tools.ts';
import { accountDataRoutes } from './modules/account-data/account-data.routes.ts';
import { createAccountErasure } from './modules/account-data/account-erasure.ts';
import { createActivityRepository } from './modules/activity/activity.repository.ts';
import { createAnalyticsRepository } from './modules/analytics/analytics.repository.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { type AnalyticsSources, createAnalyticsService } from './modules/analytics/analytics.service.ts';
import { createAuditRepository } from './modules/audit/audit.repository.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuth } from './modules/auth/auth.ts';
import { authLinkRoutes } from './modules/auth/auth-links.routes.ts';
import { createRolesRepository } from './modules/auth/roles.repository.ts';
import { registerBeta } from './modules/beta/beta.module.ts';
import { createBetaRepository } from './modules/beta/beta.repository.ts';
import { registerBilling } from './modules/billing/billing.module.ts';
import { createCalendarRepository } from './modules/calendar/calendar.repository.ts';
import { calendarRoutes } from './modules/calendar/calendar.routes.ts';
import { type CalendarSource, createCalendarService } from './modules/calendar/calendar.service.ts';
import { createConsentRepository } from './modules/consent/consent.repository.ts';
import { consentRoutes } from './modules/consent/consent.routes.ts';
import { createConsentService } from './modules/consent/consent.service.ts';
import { DEFAULT_COURSE_UPLOAD_LIMITS } from './modules/courses/course-upload-limits.ts';
import { createCoursesRepository } from './modules/courses/courses.repository.ts';
import { coursesRoutes } from './modules/courses/courses.routes.ts';
import { createCoursesService } from './modules/courses/courses.service.ts';
import { createDomainEventsRepository } from './modules/events/domain-events.repository.ts';
import { createDomainEvents, type DomainEvents } from './modules/events/domain-events.ts';
import { type BlobStore, createLocalBlobStore } from './modules/files/blob-store.ts';
import { createS3BlobStore } from './modules/files/s3-blob-store.ts';
import { registerGamification } from './modules/gamification/gamification.module.ts';
import { createGoalsRepository } from './modules/goals/goals.repository.ts';
import { goalsRoutes } from './modules/goals/goals.routes.ts';
import { createGoalsService } from './modules/goals/goals.service.ts';
import { createMailRepository } from './modules/mail/mail.repository.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { createMailer } from './modules/mail/mail.service.ts';
import { createNotesRepository } from './modules/notes/notes.repository.ts';
import { notesRoutes } from './modules/notes/notes.routes.ts';
import { createNotesService } from './modules/notes/notes.service.ts';
import { createPracticeRepository } from './modules/practice/practice.repository.ts';
import { practiceRoutes } from './modules/practice/practice.routes.ts';
import { createPracticeService } from './modules/practice/practice.service.ts';
import { createProfileRepository } from './modules/profile/profile.repository.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { createProgressRepository } from './modules/progress/progress.repository.ts';
import { progressRoutes } from './modules/progress/progress.routes.ts';
import { createProgressService } from './modules/progress/progress.service.ts';
import { subscribeProgressToScorm } from './modules/progress/progress.subscribers.ts';
import { registerScorm } from './modules/scorm/scorm.module.ts';
import { createScormRepository } from './modules/scorm/scorm.repository.ts';
import { registerSso } from './modules/sso/sso.module.ts';
import { createStudyRepository } from './modules/study/study.repository.ts';
import { studyRoutes } from './modules/study/study.routes.ts';
import { createStudyService } from './modules/study/study.service.ts';
import { createSubscriptionRepository } from './modules/subscription/subscription.repository.ts';
import { subscriptionRoutes } from './modules/subscription/subscription.routes.ts';
import { createSubscriptionService } from './modules/subscription/subscription.service.ts';
import { accessPlugin } from './plugins/access.ts';
import { authPlugin } from './plugins/auth.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { type Clock, jobsPlugin, systemClock } from './plugins/jobs.ts';
import { jsonBodyPlugin } from './plugins/json-body.ts';
import { probesPlugin } from './plugins/probes.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { routeTablePlugin } from './plugins/route-table.ts';
import { securityPlugin } from './plugins/security.ts';
import { staticSpaPlugin } from './plugins/static-spa.ts';

declare module 'fastify' {
  interface FastifyInstance {
    domainEvents: DomainEvents;
    blobStore: BlobStore;
    /** Features with dated things for the learner (goal deadlines, due dates, live sessions) add a source here. */
    calendarSources: CalendarSource[];
    /** Features that know a learner's goals, XP and streak tell the dashboard through these. */
    analyticsSources: AnalyticsSources;
  }
}

export type AppDeps = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** What time it is for subscriptions and jobs; tests pass one they can move. */
  clock?: Clock;
};

/** Builds the whole app without listening; tests call it and use `inject`. */
export async function buildApp({ config, database, logger, clock = systemClock }: AppDeps) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { db } = database;
  const domainEvents = createDomainEvents({ repository: createDomainEventsRepository({ db }), logger: app.log });
  const blobStore = config.s3
    ? await createS3BlobStore(config.s3)
    : createLocalBlobStore({ root: path.join(config.dataDir, 'files') });
  const erasure = createAccountErasure(app.log);
  app.decorate('domainEvents', domainEvents);
  app.decorate('blobStore', blobStore);
  const rolesRepository = createRolesRepository({ db });
  const profileRepository = createProfileRepository({ db });
  const betaRepository = createBetaRepository({ db });
  const ensureDefaultProfile = async (userId: string) => {
    const user = await db.query.users.findFirst({ where: (users, { eq }) => eq(users.id, userId) });
    await profileRepository.createDefault(userId, {
      fullName: user?.name ?? null,
      email: user && !isPhoneOnlyEmail(user.email) ? user.email : null,
    });
  };
  const subscriptionRepository = createSubscriptionRepository({ db });
  const subscriptionService = createSubscriptionService({
    subscriptionRepository,
    now: () => clock.now(),
    onChange: (userId) => {
      app.realtime.publishToUser(userId, { type: 'subscription_change' }).catch((error: unknown) => {
        app.log.warn({ err: error }, 'subscription change not pushed');
      });
    },
  });
  const mailRepository = createMailRepository({ db });
  const mailer = createMailer({ config, mailRepository, logger: app.log });
  const auditService = createAuditService({ auditRepository: createAuditRepository({ db }), logger: app.log });
  const consentService = createConsentService({
    consentRepository: createConsentRepository({ db }),
    auditService,
  });
  const auth = createAuth({
    db,
    config,
    mailer,
    onSessionCreated: ensureDefaultProfile,
  });

  await app.register(routeTablePlugin);
  await app.register(jobsPlugin, { database, clock });
  await app.register(accessPlugin, { subscriptionOf: (userId) => subscriptionService.getStatus(userId) });
  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(compressionPlugin);
  await app.register(securityPlugin, { publicUrl: config.publicUrl });
  await app.register(csrfPlugin, { publicUrl: config.publicUrl });
  await app.register(docsPlugin, { publicUrl: config.publicUrl });
  await app.register(authPlugin, { auth, rolesRepository, database });
  await app.register(realtimePlugin, {
    database,
    betaUsersAmong: (userIds) => betaRepository.betaUsersAmong(userIds),
    publicUrl: config.publicUrl,
  });

  await app.register(probesPlugin, { database, blobStore });
  app.get(
    '/api/health',
    {
      config: { access: { role: 'anonymous', feature: null } },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) },
      },
    },
    async () => {
      await db.execute('select 1');
      return { status: 'ok' as const, database: database.kind };
    },
  );
  await app.register(authRoutes, {
    auth,
    db,
    mailer,
    secret: config.authSecret,
    publicUrl: config.publicUrl,
    rateLimitPerMinute: config.authRateLimitPerMinute,
  });
  await app.register(authLinkRoutes, {
    auth,
    publicUrl: config.publicUrl,
    rateLimitPerMinute: config.authRateLimitPerMinute,
  });
  await registerSso(app, { db, auth, auditService, config });
  await app.register(accountDataRoutes, {
    db,
    auth,
    rateLimitPerMinute: config.authRateLimitPerMinute,
    audit: (event) => auditService.recordAuditEvent(event),
    erasure,
  });
  await app.register(profileRoutes, { profileRepository, auditService });
  await app.register(consentRoutes, { consentService });
  await app.register(auditRoutes, { auditService });
  await registerBeta(app, {
    betaRepository,
    auditService,
    ensureProfile: ensureDefaultProfile,
  });
  await app.register(subscriptionRoutes, { subscriptionService });
  await registerBilling(app, {
    db,
    subscriptionService,
    auditService,
    mailer,
    publicUrl: config.publicUrl,
    stripe: config.stripe,
    now: () => clock.now(),
  });
  const activityRepository = createActivityRepository({ db });
  const coursesRepository = createCoursesRepository({ db });
  const progressRepository = createProgressRepository({ db });
  const scormPackagesForCourses = createScormRepository({ db });
  const coursesService = createCoursesService({
    coursesRepository,
    blobStore,
    limits: DEFAULT_COURSE_UPLOAD_LIMITS,
    scormPackageStatus: async (packageId) => (await scormPackagesForCourses.findPackage(packageId))?.status ?? null,
  });
  const progressService = createProgressService({
    coursesRepository,
    progressRepository,
    domainEvents,
    activityRepository,
    getSubscription: (userId) => subscriptionService.getStatus(userId),
    // The SCORM module is registered later; the lesson asks it only when a learner opens a SCORM lesson.
    scormLaunch: (userId, packageId) => scormService.courseLessonLaunchUrl(userId, packageId),
  });
  subscribeProgressToScorm(domainEvents, progressService);
  await app.register(coursesRoutes, { coursesService, coursesRepository, blobStore });
  await app.register(progressRoutes, { progressService, blobStore });
  await app.register(practiceRoutes, {
    practiceService: createPracticeService({ practiceRepository: createPracticeRepository({ db }) }),
  });
  const calendarSources: CalendarSource[] = [];
  app.decorate('calendarSources', calendarSources);
  const calendarService = createCalendarService({
    calendarRepository: createCalendarRepository({ db }),
    sources: () => calendarSources,
    publicUrl: config.publicUrl,
    audit: (event) => auditService.recordAuditEvent(event),
    planIncludes: async (userId, feature) => canUseFeature(await subscriptionService.getStatus(userId), feature),
  });
  await app.register(calendarRoutes, { calendarService });
  const analyticsSources: AnalyticsSources = {};
  app.decorate('analyticsSources', analyticsSources);
  const analyticsService = createAnalyticsService({
    analyticsRepository: createAnalyticsRepository({ db }),
    activityRepository,
    timeZoneOf: async (userId) => (await profileRepository.findByUserId(userId))?.timezone ?? 'UTC',
    sources: () => analyticsSources,
  });
  await app.register(analyticsRoutes, { analyticsService });
  const timeZoneOf = async (userId: string) => (await profileRepository.findByUserId(userId))?.timezone ?? 'UTC';
  const studyService = createStudyService({
    studyRepository: createStudyRepository({ db }),
    activityRepository,
    domainEvents,
    timeZoneOf,
  });
  await app.register(studyRoutes, { studyService });
  const goalsService = createGoalsService({
    goalsRepository: createGoalsRepository({ db }),
    domainEvents,
    timeZoneOf,
    learningSecondsBetween: async (userId, window) =>
      (await activityRepository.secondsBetween(userId, window)) +
      (await studyService.openFocusedSeconds(userId, window)),
  });
  domainEvents.subscribe('goals.auto-complete', (event) => goalsService.onDomainEvent(event));
  calendarSources.push((userId) => goalsService.calendarEntries(userId, config.publicUrl));
  analyticsSources.goals = (userId) => goalsService.dashboardSummary(userId);
  await app.register(goalsRoutes, { goalsService });
  await app.register(notesRoutes, {
    notesService: createNotesService({
      notesRepository: createNotesRepository({ db }),
      domainEvents,
      publicUrl: config.publicUrl,
      assertCourseInPlan: (viewer, courseId) => progressService.assertCourseInPlan(viewer, courseId),
    }),
  });
  const scormService = await registerScorm(app, {
    db,
    config,
    blobStore,
    domainEvents,
    rolesRepository,
    assertCourseAccess: (actor, packageId) =>
      progressService.assertCanLaunchCoursePackage({ userId: actor.id, role: actor.role }, packageId),
  });
  const gamificationService = await registerGamification(app, {
    db,
    domainEvents,
    auditService,
    subscriptionService,
    timeZoneOf,
  });
  analyticsSources.gamification = (userId) => gamificationService.dashboardSummary(userId);
  await registerLearnerTools(app, {
    db,
    config,
    domainEvents,
    mailer,
    auditService,
    subscriptionService,
    progressService,
    goalsService,
    gamificationService,
    blobStore,
    erasure,
    clock,
    timeZoneOf,
    studySecondsBetween: async (userId, window) =>
      (await activityRepository.secondsBetween(userId, window)) +
      (await studyService.openFocusedSeconds(userId, window)),
  });
  analyticsSources.xpByDay = (userId, range) => gamificationService.xpByDay(userId, range);
  await registerAdminConsole(app, {
    db,
    database,
    auth,
    mailer,
    auditService,
    subscriptionService,
    gamificationService,
    erasure,
    config,
    now: () => clock.now(),
  });
  if (config.devMailbox) await app.register(mailRoutes, { mailRepository });
  await app.register(staticSpaPlugin, { distDir: config.webDistDir });

  // While shutting down, answers still in flight end their connection so close() need not wait for idle keep-alives.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onReady', async () => {
    domainEvents.start();
  });
  app.addHook('onClose', async () => {
    await domainEvents.stop();
    await mailer.close();
  });
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
