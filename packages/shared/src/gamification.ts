/**
 * Gamification contracts of /api/gamification/*. The server is the only place XP is computed; its pure rules live in
 * gamification-xp.ts (XP, caps, multiplier), streak-days.ts, gamification-catalog.ts (badges, achievements, shop)
 * and gamification-settings.ts (what admins tune).
 *
 *   GET  /api/gamification/stats                    -> userStatsSchema (get_user_stats)
 *   POST /api/gamification/award       awardXpBodySchema        -> xpResultSchema (award_xp)
 *   GET  /api/gamification/streaks                  -> streaksSchema
 *   POST /api/gamification/streaks/:type/update     -> streakViewSchema (update_streak)
 *   GET  /api/gamification/badges                   -> badgesSchema
 *   POST /api/gamification/badges/check             -> checkBadgesResultSchema (check_badges)
 *   GET  /api/gamification/achievements             -> achievementsSchema
 *   GET  /api/gamification/shop                     -> shopSchema
 *   POST /api/gamification/shop/purchase  purchaseBodySchema -> xpResultSchema (purchase_item)
 *   POST /api/gamification/shop/equip     equipBodySchema    -> shopSchema
 *   GET  /api/gamification/leaderboard              -> leaderboardSchema
 *   PUT  /api/gamification/leaderboard/opt-in  leaderboardOptInSchema -> leaderboardSchema
 *   GET  /api/admin/gamification/settings           -> gamificationSettingsResponseSchema
 *   PUT  /api/admin/gamification/settings  gamificationSettingsSchema -> gamificationSettingsResponseSchema
 */
import { z } from 'zod';
import { METRICS, SHOP_ITEM_KINDS } from './gamification-catalog.ts';
import { xpEventTypeSchema } from './gamification-xp.ts';
import { levelProgressSchema } from './levels.ts';
import { STREAK_TYPES } from './streak-days.ts';

// Re-exported so one import serves code that uses the rules and the contracts together.
export * from './gamification-catalog.ts';
export * from './gamification-settings.ts';
export * from './gamification-xp.ts';
export * from './streak-days.ts';

export const streakTypeSchema = z.enum(STREAK_TYPES);

export const badgeSummarySchema = z.object({
  key: z.string(),
  icon: z.string(),
  name: z.string(),
  description: z.string(),
});
export type BadgeSummary = z.infer<typeof badgeSummarySchema>;

/** The answer of award_xp and purchase_item. */
export const xpResultSchema = z.object({
  xp_awarded: z.number().int(),
  multiplier: z.number(),
  total_xp: z.number().int(),
  balance: z.number().int(),
  level: z.number().int(),
  leveled_up: z.boolean(),
  new_badges: z.array(badgeSummarySchema),
  item_purchased: z.object({ id: z.string(), name: z.string() }).nullable(),
  xp_spent: z.number().int(),
  /** True when this idempotency key was used before: nothing changed. */
  duplicate: z.boolean(),
  error: z.string().nullable(),
});
export type XpResult = z.infer<typeof xpResultSchema>;

export const awardXpBodySchema = z
  .object({
    event_type: xpEventTypeSchema,
    /**
     * The event's value as the client saw it (a score, minutes): accepted, never trusted. The server reads the value
     * from what it recorded of the event and decides the XP from that.
     */
    event_value: z.number().finite().nullable().optional(),
    /** The object the event is about (lesson, note...); the server checks it happened and decides the XP. */
    metadata: z
      .object({ subject_id: z.string().min(1).max(200) })
      .strict()
      .optional(),
  })
  .strict();
export type AwardXpBody = z.infer<typeof awardXpBodySchema>;

export const streakViewSchema = z.object({
  type: streakTypeSchema,
  current: z.number().int(),
  longest: z.number().int(),
  freezes_held: z.number().int(),
  freezes_used: z.number().int(),
  today_done: z.boolean(),
  at_risk: z.boolean(),
});
export type StreakView = z.infer<typeof streakViewSchema>;

export const CALENDAR_DAYS = 35;
export const calendarDayStatusSchema = z.enum(['active', 'frozen', 'none']);
export const streaksSchema = z.object({
  today: z.string(),
  time_zone: z.string(),
  streaks: z.array(streakViewSchema),
  /** The last CALENDAR_DAYS local days, oldest first. */
  calendar: z.array(z.object({ day: z.string(), status: calendarDayStatusSchema })),
});
export type Streaks = z.infer<typeof streaksSchema>;

export const recentAwardSchema = z.object({
  id: z.string(),
  event_type: xpEventTypeSchema,
  xp: z.number().int(),
  multiplier: z.number(),
  created_at: z.string(),
});
export type RecentAward = z.infer<typeof recentAwardSchema>;

export const userStatsSchema = z.object({
  total_xp: z.number().int(),
  balance: z.number().int(),
  level: levelProgressSchema,
  multiplier: z.number(),
  double_xp_until: z.string().nullable(),
  streak: streakViewSchema.omit({ type: true, freezes_used: true }),
  badges: z.object({ earned: z.number().int(), total: z.number().int(), earned_keys: z.array(z.string()) }),
  achievements: z.object({ tiers_reached: z.number().int(), tiers_total: z.number().int() }),
  recent_awards: z.array(recentAwardSchema),
  daily_login_claimed: z.boolean(),
  equipped: z.object({ theme: z.string().nullable(), frame: z.string().nullable() }),
});
export type UserStats = z.infer<typeof userStatsSchema>;

export const badgeViewSchema = badgeSummarySchema.extend({
  metric: z.enum(METRICS),
  threshold: z.number().int(),
  progress: z.number().int(),
  earned_at: z.string().nullable(),
});
export type BadgeView = z.infer<typeof badgeViewSchema>;
export const badgesSchema = z.object({ badges: z.array(badgeViewSchema) });
export const checkBadgesResultSchema = z.object({ newBadges: z.array(badgeSummarySchema) });

export const achievementViewSchema = z.object({
  key: z.string(),
  icon: z.string(),
  metric: z.enum(METRICS),
  tiers: z.array(z.number().int()),
  tier: z.number().int(),
  progress: z.number().int(),
});
export type AchievementView = z.infer<typeof achievementViewSchema>;
export const achievementsSchema = z.object({ achievements: z.array(achievementViewSchema) });

export const shopItemViewSchema = z.object({
  id: z.string(),
  kind: z.enum(SHOP_ITEM_KINDS),
  name: z.string(),
  cost: z.number().int(),
  max_held: z.number().int().nullable(),
  duration_minutes: z.number().int().nullable(),
  held: z.number().int(),
  owned: z.boolean(),
  equipped: z.boolean(),
  /** Why it cannot be bought right now, or null. */
  unavailable: z.enum(['owned', 'max_held', 'active', 'balance']).nullable(),
});
export type ShopItemView = z.infer<typeof shopItemViewSchema>;
export const shopSchema = z.object({
  balance: z.number().int(),
  /** Whether the learner's plan includes the points shop. */
  allowed: z.boolean(),
  double_xp_until: z.string().nullable(),
  items: z.array(shopItemViewSchema),
});
export type Shop = z.infer<typeof shopSchema>;

export const purchaseBodySchema = z
  .object({
    item_id: z.string().min(1).max(64),
    /** The same key sent again (a retried click) returns the first answer and charges nothing. */
    idempotency_key: z.string().trim().min(1).max(200).optional(),
  })
  .strict();
export const equipBodySchema = z.object({ item_id: z.string().min(1).max(64) }).strict();

/** The leaderboard ranks XP earned in the last LEADERBOARD_WINDOW_DAYS among learners who opted in. */
export const LEADERBOARD_WINDOW_DAYS = 7;
/** Learners shown above and below the signed-in learner. */
export const LEADERBOARD_NEIGHBOURS = 3;
export const leaderboardSchema = z.object({
  opted_in: z.boolean(),
  window_days: z.number().int(),
  entries: z.array(
    z.object({
      rank: z.number().int(),
      display_name: z.string(),
      level: z.number().int(),
      xp: z.number().int(),
      is_you: z.boolean(),
    }),
  ),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;
export const leaderboardOptInSchema = z.object({ opted_in: z.boolean() }).strict();
