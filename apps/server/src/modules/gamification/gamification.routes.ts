import {
  achievementsSchema,
  awardXpBodySchema,
  badgesSchema,
  checkBadgesResultSchema,
  equipBodySchema,
  leaderboardOptInSchema,
  leaderboardSchema,
  purchaseBodySchema,
  shopSchema,
  streaksSchema,
  streakTypeSchema,
  streakViewSchema,
  userStatsSchema,
  xpResultSchema,
} from '@portal/shared/gamification';
import { gamificationSettingsResponseSchema, gamificationSettingsSchema } from '@portal/shared/gamification-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteApp } from '../../route-app.ts';
import type { GamificationService } from './gamification.service.ts';

const tags = ['gamification'];
const access = { role: 'user', feature: 'gamification' } as const;
const shopAccess = { role: 'user', feature: 'points_shop' } as const;
const adminAccess = { role: 'admin', feature: null } as const;

const userId = (request: { auth(): { user: { id: string } } }) => request.auth().user.id;

/** Stats and award_xp. */
function registerXpRoutes(app: RouteApp, service: GamificationService) {
  app.get(
    '/api/gamification/stats',
    {
      config: { access },
      schema: {
        tags,
        summary: 'get_user_stats: level, XP, balance, streak, badges',
        response: { 200: userStatsSchema },
      },
    },
    async (request) => service.getStats(userId(request)),
  );

  app.post(
    '/api/gamification/award',
    {
      config: { access, keepsSession: true },
      schema: {
        tags,
        summary: 'award_xp for an event the server can confirm happened to the signed-in learner',
        body: awardXpBodySchema,
        response: { 200: xpResultSchema },
      },
    },
    async (request) => service.awardRequested(userId(request), request.body),
  );
}

/** The learner's streaks and their update. */
function registerStreakRoutes(app: RouteApp, service: GamificationService) {
  app.get(
    '/api/gamification/streaks',
    {
      config: { access },
      schema: { tags, summary: 'Streaks and the streak calendar', response: { 200: streaksSchema } },
    },
    async (request) => service.getStreaks(userId(request)),
  );

  app.post(
    '/api/gamification/streaks/:type/update',
    {
      config: { access },
      schema: {
        tags,
        summary: 'update_streak: apply missed days (spending held freezes) up to today',
        params: z.object({ type: streakTypeSchema }),
        response: { 200: streakViewSchema },
      },
    },
    async (request) => service.updateStreak(userId(request), request.params.type),
  );
}

/** Badges and achievements. */
function registerProgressRoutes(app: RouteApp, service: GamificationService) {
  app.get(
    '/api/gamification/badges',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Badges earned and locked, with criteria and progress',
        response: { 200: badgesSchema },
      },
    },
    async (request) => service.getBadges(userId(request)),
  );

  app.post(
    '/api/gamification/badges/check',
    {
      config: { access },
      schema: { tags, summary: 'check_badges: grant badges earned by now', response: { 200: checkBadgesResultSchema } },
    },
    async (request) => service.checkBadges(userId(request)),
  );

  app.get(
    '/api/gamification/achievements',
    {
      config: { access },
      schema: { tags, summary: 'Tiered achievements with progress', response: { 200: achievementsSchema } },
    },
    async (request) => service.getAchievements(userId(request)),
  );
}

/** The points shop: what is on offer, buying, wearing. */
function registerShopRoutes(app: RouteApp, service: GamificationService) {
  app.get(
    '/api/gamification/shop',
    {
      config: { access },
      schema: { tags, summary: 'Points shop items and the XP balance', response: { 200: shopSchema } },
    },
    async (request) => service.getShop(userId(request)),
  );

  app.post(
    '/api/gamification/shop/purchase',
    {
      config: { access: shopAccess },
      schema: {
        tags,
        summary: 'purchase_item: spend XP on a shop item',
        body: purchaseBodySchema,
        response: { 200: xpResultSchema },
      },
    },
    async (request) =>
      service.purchaseItem({
        userId: userId(request),
        itemId: request.body.item_id,
        idempotencyKey: request.body.idempotency_key,
      }),
  );

  app.post(
    '/api/gamification/shop/equip',
    {
      config: { access: shopAccess },
      schema: { tags, summary: 'Wear an owned theme or frame', body: equipBodySchema, response: { 200: shopSchema } },
    },
    async (request) => service.equipItem(userId(request), request.body.item_id),
  );
}

/** The opt-in leaderboard. */
function registerLeaderboardRoutes(app: RouteApp, service: GamificationService) {
  app.get(
    '/api/gamification/leaderboard',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Opt-in leaderboard: the learners ranked next to you this week',
        response: { 200: leaderboardSchema },
      },
    },
    async (request) => service.getLeaderboard(userId(request)),
  );

  app.put(
    '/api/gamification/leaderboard/opt-in',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Join or leave the leaderboard',
        body: leaderboardOptInSchema,
        response: { 200: leaderboardSchema },
      },
    },
    async (request) => service.setLeaderboardOptIn(userId(request), request.body.opted_in),
  );
}

/** The learner's own XP, streaks, badges, achievements, shop and leaderboard; always the signed-in user's. */
export const gamificationRoutes: FastifyPluginAsyncZod<{ gamificationService: GamificationService }> = async (
  app,
  { gamificationService: service },
) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  // The first gamification call of a local day counts as the daily login (award_xp decides for itself).
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.url === '/api/gamification/award') return;
    await service.noteSignedInVisit(request.auth().user.id);
  });

  registerXpRoutes(app, service);
  registerStreakRoutes(app, service);
  registerProgressRoutes(app, service);
  registerShopRoutes(app, service);
  registerLeaderboardRoutes(app, service);
};

/** Admin thresholds: level thresholds, XP per event and daily caps, badge thresholds, at-risk days. */
export const gamificationAdminRoutes: FastifyPluginAsyncZod<{ gamificationService: GamificationService }> = async (
  app,
  { gamificationService: service },
) => {
  app.get(
    '/api/admin/gamification/settings',
    {
      config: { access: adminAccess },
      schema: {
        tags: ['admin'],
        summary: 'Gamification thresholds in force, with their defaults',
        response: { 200: gamificationSettingsResponseSchema },
      },
    },
    async () => service.getSettings(),
  );

  app.put(
    '/api/admin/gamification/settings',
    {
      config: { access: adminAccess },
      schema: {
        tags: ['admin'],
        summary: 'Replace the gamification thresholds; they apply to the next award',
        body: gamificationSettingsSchema,
        response: { 200: gamificationSettingsResponseSchema },
      },
    },
    async (request) => service.updateSettings(request.auth().user.id, request.body, request.ip),
  );
};
