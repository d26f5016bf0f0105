/** The gamification settings admins tune (levels, XP rules, badge thresholds, at-risk days) and their defaults. */
import { z } from 'zod';
import { BADGE_KEYS, BADGES, type BadgeKey } from './gamification-catalog.ts';
import { DEFAULT_XP_RULES, xpEventTypeSchema, xpRuleSchema } from './gamification-xp.ts';
import { defaultLevelThresholds, levelThresholdsSchema } from './levels.ts';

export const gamificationSettingsSchema = z
  .object({
    level_thresholds: levelThresholdsSchema,
    xp_rules: z.record(xpEventTypeSchema, xpRuleSchema),
    badge_thresholds: z.record(z.enum(BADGE_KEYS), z.number().int().min(1).max(1_000_000)),
    /** Days without activity after which admin analytics flags a learner at risk. */
    at_risk_days: z.number().int().min(1).max(365),
  })
  .strict();
export type GamificationSettings = z.infer<typeof gamificationSettingsSchema>;

export const DEFAULT_GAMIFICATION_SETTINGS: GamificationSettings = {
  level_thresholds: defaultLevelThresholds(),
  xp_rules: DEFAULT_XP_RULES,
  badge_thresholds: Object.fromEntries(BADGES.map((badge) => [badge.key, badge.threshold])) as Record<BadgeKey, number>,
  at_risk_days: 7,
};

export const gamificationSettingsResponseSchema = z.object({
  settings: gamificationSettingsSchema,
  defaults: gamificationSettingsSchema,
  updated_at: z.string().nullable(),
});
export type GamificationSettingsResponse = z.infer<typeof gamificationSettingsResponseSchema>;
