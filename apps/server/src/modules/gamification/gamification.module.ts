import { canUseFeature, FEATURE_MIN_TIER } from '@portal/shared/tiers';
import type { FastifyInstance } from 'fastify';
import { appChangeCache, droppingAfterWrites } from '../../change-cache.ts';
import type { Database } from '../../db/client.ts';
import { learnerViewCache } from '../analytics/analytics.module.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import { createGamificationRepository, type GamificationRepository } from './gamification.repository.ts';
import { gamificationAdminRoutes, gamificationRoutes } from './gamification.routes.ts';
import { createGamificationService, type GamificationService } from './gamification.service.ts';
import type { StatsSnapshot } from './gamification-stats.repository.ts';

type GamificationDeps = {
  database: Database;
  domainEvents: DomainEvents;
  auditService: AuditService;
  subscriptionService: SubscriptionService;
  timeZoneOf: (userId: string) => Promise<string>;
};

/**
 * XP from domain events, the gamification API, the daily login (the first /api/me or gamification call of a local
 * day) and the realtime `table_change` pushes to the learner's open tabs after each committed change.
 */
export async function registerGamification(
  app: FastifyInstance,
  { database, domainEvents, auditService, subscriptionService, timeZoneOf }: GamificationDeps,
) {
  const gamificationService = createGamificationService({
    repository: keepingSettings(app, database),
    statsSnapshots: learnerViewCache<StatsSnapshot>(app, database, { maxEntries: 5_000 }),
    timeZoneOf,
    canUseShop: async (userId) =>
      canUseFeature(await subscriptionService.getStatus(userId, FEATURE_MIN_TIER.points_shop), 'points_shop'),
    publish: (userId, tables) => {
      for (const table of tables) {
        app.realtime.publishToUser(userId, { type: 'table_change', table }).catch((error: unknown) => {
          app.log.warn({ err: error, table }, 'gamification change not pushed');
        });
      }
    },
    noticesOf: (userId, tables) => [
      app.realtime.noticeToUser(
        userId,
        tables.map((table) => ({ type: 'table_change', table })),
      ),
    ],
    audit: (event) => auditService.recordAuditEvent(event),
    logger: app.log,
  });

  domainEvents.subscribe('gamification.award-xp', (event) => gamificationService.onDomainEvent(event));
  await app.register(gamificationRoutes, { gamificationService });
  await app.register(gamificationAdminRoutes, { gamificationService });
  // The dashboard (the analytics module, listed earlier) shows the learner's XP, level and streak.
  app.analyticsSources.gamification = gamificationService.dashboardSummaryPart;
  app.analyticsSources.xpByDay = gamificationService.xpByDayPart;

  countSignedInVisits(app, subscriptionService, gamificationService);
  app.addHook('onReady', async () => {
    await gamificationService.ensureShopItems();
  });
  return gamificationService;
}

/**
 * Counted before /api/me answers, so the award and its push are done by the time the page goes on; only a plan with
 * gamification earns it.
 */
function countSignedInVisits(
  app: FastifyInstance,
  subscriptionService: SubscriptionService,
  gamificationService: GamificationService,
) {
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.url !== '/api/me') return;
    const context = await request.loadAuth();
    if (!context) return;
    const status = await subscriptionService.getStatus(context.user.id, FEATURE_MIN_TIER.gamification);
    if (!canUseFeature(status, 'gamification')) return;
    await gamificationService.noteSignedInVisit(context.user.id);
  });
}

/** Channel the trigger of migration 0033 notifies when the gamification settings are saved. */
const SETTINGS_CHANGES_CHANNEL = 'gamification_settings_changes';

/**
 * The repository with the settings kept in this process: every award, summary and purchase reads them, and only an
 * admin's save changes them (which drops this instance's copy at once; the trigger tells the others).
 */
function keepingSettings(app: FastifyInstance, database: Database): GamificationRepository {
  const kept = appChangeCache<Awaited<ReturnType<GamificationRepository['loadSettings']>>>(app, database, {
    channel: SETTINGS_CHANGES_CHANNEL,
    maxEntries: 1,
  });
  const repository = droppingAfterWrites(createGamificationRepository({ db: database.db }), ['saveSettings'], () =>
    kept.drop('*'),
  );
  return { ...repository, loadSettings: () => kept.get('settings', repository.loadSettings) };
}
