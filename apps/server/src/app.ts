import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerAdminConsole } from './admin-console.ts';
import { type Config, fastifyTrustProxy } from './config.ts';
import type { Database } from './db/client.ts';
import { registerLearnerTools } from './learner-tools.ts';
import { registerAccountData } from './modules/account-data/account-data.module.ts';
import { registerActivity } from './modules/activity/activity.module.ts';
import { registerAnalytics } from './modules/analytics/analytics.module.ts';
import { createAudit, registerAudit } from './modules/audit/audit.module.ts';
import { createAuthentication, registerAuth } from './modules/auth/auth.module.ts';
import { createBeta, registerBeta } from './modules/beta/beta.module.ts';
import { registerBilling } from './modules/billing/billing.module.ts';
import { registerCalendar } from './modules/calendar/calendar.module.ts';
import { registerConsent } from './modules/consent/consent.module.ts';
import { registerCourses } from './modules/courses/courses.module.ts';
import { registerEvents } from './modules/events/events.module.ts';
import { registerFiles } from './modules/files/files.module.ts';
import { registerGamification } from './modules/gamification/gamification.module.ts';
import { registerGoals } from './modules/goals/goals.module.ts';
import { createMail, registerMail } from './modules/mail/mail.module.ts';
import { registerNotes } from './modules/notes/notes.module.ts';
import { registerPractice } from './modules/practice/practice.module.ts';
import { createProfile, registerProfile } from './modules/profile/profile.module.ts';
import { registerProgress } from './modules/progress/progress.module.ts';
import { registerScorm } from './modules/scorm/scorm.module.ts';
import { registerSso } from './modules/sso/sso.module.ts';
import { registerStudy } from './modules/study/study.module.ts';
import { createSubscription, registerSubscription } from './modules/subscription/subscription.module.ts';
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

  const core = await createCore(app, { config, database, clock });
  const deps = { config, database, clock, core };
  await registerPlugins(app, deps);
  // The modules, in the order their routes are listed and their hooks run.
  const { erasure, removeAccount, planMembersOf } = await registerAccountModules(app, deps);
  const learning = await registerLearningModules(app, deps);
  const { db } = database;
  await registerLearnerTools(app, { ...core, ...learning, db, config, clock, erasure, planMembersOf });
  await registerAdminConsole(app, { ...core, ...learning, db, database, config, removeAccount });
  await registerMail(app, { config, mailRepository: core.mailRepository });
  await app.register(staticSpaPlugin, { distDir: config.webDistDir });
  addShutdownHooks(app, core);
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;

type Core = Awaited<ReturnType<typeof createCore>>;
type ModuleDeps = { config: Config; database: Database; clock: Clock; core: Core };

/**
 * What the app's plugins use, made before them: the event outbox, the file store, mail, the audit trail, the
 * learner's profile and plan, sign-in and the beta list. Their routes come in the lists of modules.
 */
async function createCore(app: FastifyInstance, { config, database, clock }: Omit<ModuleDeps, 'core'>) {
  const { db } = database;
  const now = () => clock.now();
  const domainEvents = registerEvents(app, { db });
  const blobStore = await registerFiles(app, { config });
  const { mailer, mailRepository } = createMail(app, { db, config });
  const auditService = createAudit(app, { db });
  const { profileRepository, profileService, ensureDefaultProfile, timeZoneOf } = createProfile(app, { database });
  const subscriptionService = createSubscription(app, { database, now });
  const { auth, roles } = createAuthentication(app, {
    database,
    config,
    mailer,
    onSessionCreated: ensureDefaultProfile,
    profileService,
  });
  const betaRepository = createBeta({ db });
  return {
    now,
    domainEvents,
    blobStore,
    mailer,
    mailRepository,
    auditService,
    profileRepository,
    profileService,
    ensureDefaultProfile,
    timeZoneOf,
    subscriptionService,
    auth,
    roles,
    betaRepository,
  };
}

/** The app-wide plugins (route table, jobs, access, security, sessions, realtime, probes) and the health route. */
async function registerPlugins(app: FastifyInstance, { config, database, clock, core }: ModuleDeps) {
  const { db } = database;
  await app.register(routeTablePlugin);
  await app.register(jobsPlugin, { database, clock });
  await app.register(accessPlugin, {
    subscriptionOf: (userId, atLeast) => core.subscriptionService.getStatus(userId, atLeast),
  });
  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(compressionPlugin);
  await app.register(securityPlugin, { publicUrl: config.publicUrl });
  await app.register(csrfPlugin, { publicUrl: config.publicUrl });
  await app.register(docsPlugin, { publicUrl: config.publicUrl });
  await app.register(authPlugin, { auth: core.auth, roles: core.roles, database });
  await app.register(realtimePlugin, {
    database,
    betaUsersAmong: (userIds) => core.betaRepository.betaUsersAmong(userIds),
    publicUrl: config.publicUrl,
  });

  await app.register(probesPlugin, { database, blobStore: core.blobStore });
  app.withTypeProvider<ZodTypeProvider>().get(
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
}

/** The learner's account: sign-in, single sign-on, their data, profile, consent, audit trail, beta and plan. */
async function registerAccountModules(app: FastifyInstance, { config, database: { db }, core }: ModuleDeps) {
  const { auth, mailer, auditService, subscriptionService } = core;
  await registerAuth(app, { auth, db, mailer, config, profileService: core.profileService });
  await registerSso(app, { db, auth, auditService, config });
  const { erasure, removeAccount } = await registerAccountData(app, { db, auth, auditService, config });
  await registerProfile(app, { profileRepository: core.profileRepository, auditService });
  await registerConsent(app, { db, auditService });
  await registerAudit(app, { auditService });
  await registerBeta(app, {
    betaRepository: core.betaRepository,
    auditService,
    ensureProfile: core.ensureDefaultProfile,
  });
  await registerSubscription(app, { subscriptionService });
  const { planMembersOf } = await registerBilling(app, {
    db,
    subscriptionService,
    auditService,
    mailer,
    publicUrl: config.publicUrl,
    stripe: config.stripe,
    prices: config.prices,
    now: core.now,
  });
  return { erasure, removeAccount, planMembersOf };
}

type LearningServices = {
  scorm: Awaited<ReturnType<typeof registerScorm>>;
  progress: Awaited<ReturnType<typeof registerProgress>>;
};

/**
 * Services of modules registered further down, for the callbacks of modules registered before them (courses ask
 * SCORM and progress, progress asks SCORM). The callbacks run only once the app serves requests; one that ran during
 * registration would fail here, naming the service, instead of reading an uninitialised variable.
 */
function registeredLater<T extends object>() {
  const services: Partial<T> = {};
  return {
    set<K extends keyof T>(key: K, service: T[K]): T[K] {
      services[key] = service;
      return service;
    },
    get<K extends keyof T>(key: K): T[K] {
      const service = services[key];
      if (service === undefined) throw new Error(`The ${String(key)} service was used before it was registered.`);
      return service as T[K];
    },
  };
}

/**
 * Courses, progress and SCORM, which call on each other (a course lesson launches a package, a package launched from
 * a course needs its access): each is registered once, the calls reaching the later ones when requests come.
 */
async function registerCoursework(
  app: FastifyInstance,
  { config, database, core }: ModuleDeps,
  activityService: ReturnType<typeof registerActivity>,
) {
  const { db } = database;
  const { domainEvents, blobStore, subscriptionService, auditService } = core;
  const later = registeredLater<LearningServices>();
  const { courseCatalog } = await registerCourses(app, {
    database,
    auditService,
    scormPackageStatus: (packageId) => later.get('scorm').packageStatus(packageId),
    courseReshaped: (courseId) => later.get('progress').reconcileCourse(courseId),
  });
  const progressService = later.set(
    'progress',
    await registerProgress(app, {
      db,
      domainEvents,
      blobStore,
      courseCatalog,
      activityService,
      subscriptionService,
      scormLaunch: (userId, packageId) => later.get('scorm').courseLessonLaunchUrl(userId, packageId),
    }),
  );
  const scormService = await registerScorm(app, {
    db,
    config,
    auditService,
    domainEvents,
    roles: core.roles,
    activity: activityService,
    assertCourseAccess: (actor, packageId) =>
      progressService.assertCanLaunchCoursePackage({ userId: actor.id, role: actor.role }, packageId),
  });
  later.set('scorm', scormService);
  return progressService;
}

/** Learning: courses and progress, practice, calendar, dashboard, study sessions, goals, notes, SCORM and XP. */
async function registerLearningModules(app: FastifyInstance, deps: ModuleDeps) {
  const { config, database, core } = deps;
  const { db } = database;
  const { domainEvents, subscriptionService, timeZoneOf, auditService } = core;
  const activityService = registerActivity({ db });
  const progressService = await registerCoursework(app, deps, activityService);
  await registerPractice(app, { db });
  await registerCalendar(app, { db, publicUrl: config.publicUrl, auditService, subscriptionService });
  await registerAnalytics(app, { database, activityService, timeZoneOf, now: core.now });
  const { studySecondsBetween } = await registerStudy(app, { db, activityService, domainEvents, timeZoneOf });
  const goalsService = await registerGoals(app, {
    db,
    domainEvents,
    publicUrl: config.publicUrl,
    timeZoneOf,
    learningSecondsBetween: studySecondsBetween,
  });
  await registerNotes(app, { db, domainEvents, publicUrl: config.publicUrl, progressService });
  const gamificationService = await registerGamification(app, {
    database,
    domainEvents,
    auditService,
    subscriptionService,
    timeZoneOf,
  });
  return { progressService, goalsService, gamificationService, studySecondsBetween };
}

/** Domain events flow once every module has subscribed; on shutdown the last are delivered before mail closes. */
function addShutdownHooks(app: FastifyInstance, { domainEvents, mailer }: Pick<Core, 'domainEvents' | 'mailer'>) {
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
}
