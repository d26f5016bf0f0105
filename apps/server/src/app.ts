import path from 'node:path';
import { isPhoneOnlyEmail } from '@portal/shared/auth';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { accountDataRoutes } from './modules/account-data/account-data.routes.ts';
import { createAuditRepository } from './modules/audit/audit.repository.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuth } from './modules/auth/auth.ts';
import { createRolesRepository } from './modules/auth/roles.repository.ts';
import { createConsentRepository } from './modules/consent/consent.repository.ts';
import { consentRoutes } from './modules/consent/consent.routes.ts';
import { createConsentService } from './modules/consent/consent.service.ts';
import { createDomainEventsRepository } from './modules/events/domain-events.repository.ts';
import { createDomainEvents, type DomainEvents } from './modules/events/domain-events.ts';
import { type BlobStore, createLocalBlobStore } from './modules/files/blob-store.ts';
import { createMailRepository } from './modules/mail/mail.repository.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { createMailer } from './modules/mail/mail.service.ts';
import { createProfileRepository } from './modules/profile/profile.repository.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { createSubscriptionRepository } from './modules/subscription/subscription.repository.ts';
import { subscriptionRoutes } from './modules/subscription/subscription.routes.ts';
import { createSubscriptionService } from './modules/subscription/subscription.service.ts';
import { authPlugin } from './plugins/auth.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { securityPlugin } from './plugins/security.ts';
import { staticSpaPlugin } from './plugins/static-spa.ts';

declare module 'fastify' {
  interface FastifyInstance {
    domainEvents: DomainEvents;
    blobStore: BlobStore;
  }
}

export type AppDeps = { config: Config; database: Database; logger?: FastifyServerOptions['logger'] };

/** Builds the whole app without listening; tests call it and use `inject`. */
export async function buildApp({ config, database, logger }: AppDeps) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { db } = database;
  const domainEvents = createDomainEvents({ repository: createDomainEventsRepository({ db }), logger: app.log });
  const blobStore = createLocalBlobStore({ root: path.join(config.dataDir, 'files') });
  app.decorate('domainEvents', domainEvents);
  app.decorate('blobStore', blobStore);
  const rolesRepository = createRolesRepository({ db });
  const profileRepository = createProfileRepository({ db });
  const subscriptionRepository = createSubscriptionRepository({ db });
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
    onSessionCreated: async (userId) => {
      const user = await db.query.users.findFirst({ where: (users, { eq }) => eq(users.id, userId) });
      await profileRepository.createDefault(userId, {
        fullName: user?.name ?? null,
        email: user && !isPhoneOnlyEmail(user.email) ? user.email : null,
      });
    },
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(docsPlugin, { publicUrl: config.publicUrl });
  await app.register(authPlugin, {
    auth,
    rolesRepository,
    rateLimitPerMinute: config.authRateLimitPerMinute,
    publicUrl: config.publicUrl,
  });
  await app.register(realtimePlugin, {
    database,
    isBetaUser: async (userId) => Boolean((await profileRepository.findByUserId(userId))?.betaAccess),
  });

  const subscriptionService = createSubscriptionService({
    subscriptionRepository,
    onChange: (userId) => {
      app.realtime.publishToUser(userId, { type: 'subscription_change' }).catch((error: unknown) => {
        app.log.warn({ err: error }, 'subscription change not pushed');
      });
    },
  });

  app.get(
    '/api/health',
    {
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
  await app.register(authRoutes, { auth, rateLimitPerMinute: config.authRateLimitPerMinute });
  await app.register(accountDataRoutes, {
    db,
    auth,
    rateLimitPerMinute: config.authRateLimitPerMinute,
    audit: (event) => auditService.recordAuditEvent(event),
  });
  await app.register(profileRoutes, { profileRepository, auditService });
  await app.register(consentRoutes, { consentService });
  await app.register(auditRoutes, { auditService });
  await app.register(subscriptionRoutes, { subscriptionService });
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
