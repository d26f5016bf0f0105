/**
 * Gamification: XP rules, multipliers, daily caps, streak days, badges, achievements, shop items and the
 * contracts of /api/gamification/*. The server is the only place XP is computed; these are its pure rules.
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
import { TZDate } from '@date-fns/tz';
import { addDays, differenceInCalendarDays, format } from 'date-fns';
import { z } from 'zod';
import { defaultLevelThresholds, levelProgressSchema, levelThresholdsSchema } from './levels.ts';

export const XP_EVENT_TYPES = [
  'lesson_completed',
  'module_completed',
  'course_completed',
  'quiz_passed',
  'scorm_completed',
  'scorm_passed',
  'flashcard_review',
  'study_session_completed',
  'goal_completed',
  'note_created',
  'daily_login',
  'live_session_attended',
  'game_completed',
] as const;
export const xpEventTypeSchema = z.enum(XP_EVENT_TYPES);
export type XpEventType = z.infer<typeof xpEventTypeSchema>;

/** Events that count as learning for the streak (a daily login alone does not). */
export function isLearningEvent(eventType: XpEventType): boolean {
  return eventType !== 'daily_login';
}

export const xpRuleSchema = z
  .object({
    /** Base XP per occurrence (per 5 focused minutes for study sessions). */
    xp: z.number().int().min(0).max(10_000),
    /** Most base XP this event can earn in one local day; null for no cap. */
    daily_cap: z.number().int().min(0).max(100_000).nullable(),
  })
  .strict();
export type XpRule = z.infer<typeof xpRuleSchema>;

export const DEFAULT_XP_RULES: Record<XpEventType, XpRule> = {
  lesson_completed: { xp: 10, daily_cap: null },
  module_completed: { xp: 50, daily_cap: null },
  course_completed: { xp: 200, daily_cap: null },
  quiz_passed: { xp: 20, daily_cap: null },
  scorm_completed: { xp: 50, daily_cap: null },
  scorm_passed: { xp: 75, daily_cap: null },
  flashcard_review: { xp: 1, daily_cap: 100 },
  study_session_completed: { xp: 1, daily_cap: 60 },
  goal_completed: { xp: 30, daily_cap: null },
  note_created: { xp: 2, daily_cap: 20 },
  daily_login: { xp: 5, daily_cap: 5 },
  live_session_attended: { xp: 25, daily_cap: null },
  game_completed: { xp: 5, daily_cap: 50 },
};

/** A passed quiz earns +1 per score point above the pass mark, at most this many. */
export const QUIZ_BONUS_MAX = 20;
/** A study session earns its rule's XP once per this many focused minutes. */
export const STUDY_MINUTES_PER_XP_UNIT = 5;

/**
 * Base XP of one event before caps and multiplier. `value` is the score points above the pass mark for a quiz
 * and the focused minutes for a study session; other events ignore it.
 */
export function baseXpFor(eventType: XpEventType, value: number | null, rule: XpRule): number {
  const amount = Number.isFinite(value) ? Math.max(value ?? 0, 0) : 0;
  if (eventType === 'quiz_passed') return rule.xp + Math.min(Math.floor(amount), QUIZ_BONUS_MAX);
  if (eventType === 'study_session_completed') return Math.floor(amount / STUDY_MINUTES_PER_XP_UNIT) * rule.xp;
  return rule.xp;
}

/** What is left of `base` after `earnedToday` base XP of the same event today, under `cap`. */
export function applyDailyCap(base: number, earnedToday: number, cap: number | null): number {
  if (cap === null) return base;
  return Math.max(Math.min(base, cap - earnedToday), 0);
}

export const STREAK_BONUS_STEP_DAYS = 7;
export const MAX_STREAK_MULTIPLIER = 1.5;
export const DOUBLE_XP_FACTOR = 2;

/** 1.0, +0.1 per full 7 streak days, at most 1.5; an active double-XP boost doubles it. */
export function xpMultiplier({ streakDays, doubleXp }: { streakDays: number; doubleXp: boolean }): number {
  const tenths = Math.min(
    10 + Math.floor(Math.max(streakDays, 0) / STREAK_BONUS_STEP_DAYS),
    MAX_STREAK_MULTIPLIER * 10,
  );
  return (tenths * (doubleXp ? DOUBLE_XP_FACTOR : 1)) / 10;
}

/** XP credited for `base` at `multiplier`. */
export function applyMultiplier(base: number, multiplier: number): number {
  return Math.round(base * multiplier);
}

// Streak days -----------------------------------------------------------------------------------------------------

export const STREAK_TYPES = ['learning', 'login'] as const;
export const streakTypeSchema = z.enum(STREAK_TYPES);
export type StreakType = z.infer<typeof streakTypeSchema>;

function zoneOrUtc(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** The calendar date (YYYY-MM-DD) of `instant` in `timeZone`. */
export function localDay(instant: Date, timeZone: string): string {
  return format(new TZDate(instant.getTime(), zoneOrUtc(timeZone)), 'yyyy-MM-dd');
}

const noonOf = (day: string) => {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date, 12));
};

/** Calendar days from `from` to `to` (positive when `to` is later); DST changes do not matter. */
export function daysBetween(from: string, to: string): number {
  return differenceInCalendarDays(noonOf(to), noonOf(from));
}

export function shiftDay(day: string, days: number): string {
  return addDays(noonOf(day), days).toISOString().slice(0, 10);
}

export type StreakState = {
  current: number;
  longest: number;
  /** Last local day with activity. */
  lastActiveDay: string | null;
  /** Last local day the streak covers, by activity or by a freeze. */
  lastCountedDay: string | null;
  freezesHeld: number;
};

export const EMPTY_STREAK: StreakState = {
  current: 0,
  longest: 0,
  lastActiveDay: null,
  lastCountedDay: null,
  freezesHeld: 0,
};

/**
 * Brings a streak up to `today`: days missed since the last counted day are covered by held freezes when there
 * are enough of them; otherwise the streak ends (and the freezes are kept).
 */
export function settleStreak(state: StreakState, today: string): { state: StreakState; frozenDays: string[] } {
  if (!state.lastCountedDay || state.current === 0) return { state, frozenDays: [] };
  const missed = daysBetween(state.lastCountedDay, today) - 1;
  if (missed <= 0) return { state, frozenDays: [] };
  if (missed > state.freezesHeld) return { state: { ...state, current: 0 }, frozenDays: [] };
  const frozenDays = Array.from({ length: missed }, (_, index) => shiftDay(state.lastCountedDay ?? today, index + 1));
  return {
    state: { ...state, freezesHeld: state.freezesHeld - missed, lastCountedDay: shiftDay(today, -1) },
    frozenDays,
  };
}

/**
 * Counts activity on `day`. When the learner changed time zone, `dayInPreviousZone` is the same instant's day in
 * the zone the streak was kept in: the earlier of the two decides whether days were missed, so moving across
 * time zones never breaks a streak, and a day is never counted twice.
 */
export function recordStreakActivity(
  state: StreakState,
  { day, dayInPreviousZone }: { day: string; dayInPreviousZone?: string | null },
): { state: StreakState; frozenDays: string[] } {
  const gapDay = dayInPreviousZone && dayInPreviousZone < day ? dayInPreviousZone : day;
  const settled = settleStreak(state, gapDay);
  const before = settled.state;
  const lastActiveDay = before.lastActiveDay && before.lastActiveDay > day ? before.lastActiveDay : day;
  let current: number;
  let lastCountedDay: string;
  if (before.current > 0 && before.lastCountedDay && day <= before.lastCountedDay) {
    current = before.current;
    lastCountedDay = before.lastCountedDay;
  } else if (before.current > 0 && before.lastCountedDay && daysBetween(before.lastCountedDay, gapDay) <= 1) {
    current = before.current + 1;
    lastCountedDay = day;
  } else {
    current = 1;
    lastCountedDay = day;
  }
  return {
    state: { ...before, current, lastCountedDay, lastActiveDay, longest: Math.max(before.longest, current) },
    frozenDays: settled.frozenDays,
  };
}

/** How a streak looks on `today` without changing it: freezes that would cover missed days count as spent. */
export function viewStreak(state: StreakState, today: string) {
  const { state: settled } = settleStreak(state, today);
  const todayDone = settled.lastActiveDay === today;
  return {
    current: settled.current,
    longest: settled.longest,
    freezes_held: settled.freezesHeld,
    today_done: todayDone,
    at_risk: settled.current > 0 && !todayDone,
  };
}

// Badges, achievements and the shop -------------------------------------------------------------------------------

/** Per-learner counts badges and achievements are measured on. */
export const METRICS = [
  'lessons_completed',
  'modules_completed',
  'courses_completed',
  'quizzes_passed',
  'scorm_completed',
  'flashcard_reviews',
  'notes_created',
  'goals_completed',
  'study_sessions',
  'longest_streak',
  'level',
  'total_xp',
] as const;
export type Metric = (typeof METRICS)[number];

/** The metric each XP event adds one to. */
export const EVENT_METRIC: Partial<Record<XpEventType, Metric>> = {
  lesson_completed: 'lessons_completed',
  module_completed: 'modules_completed',
  course_completed: 'courses_completed',
  quiz_passed: 'quizzes_passed',
  scorm_completed: 'scorm_completed',
  flashcard_review: 'flashcard_reviews',
  note_created: 'notes_created',
  goal_completed: 'goals_completed',
  study_session_completed: 'study_sessions',
};

export type BadgeDefinition = {
  key: string;
  /** Icon name the web maps to a picture. */
  icon: string;
  metric: Metric;
  threshold: number;
  name: string;
  /** English description; `{{count}}` is the threshold. */
  description: string;
};

export const BADGES = [
  {
    key: 'first_lesson',
    icon: 'book-open',
    metric: 'lessons_completed',
    threshold: 1,
    name: 'First steps',
    description: 'Complete {{count}} lesson(s).',
  },
  {
    key: 'streak_7',
    icon: 'flame',
    metric: 'longest_streak',
    threshold: 7,
    name: 'Week warrior',
    description: 'Keep a {{count}}-day learning streak.',
  },
  {
    key: 'streak_30',
    icon: 'flame',
    metric: 'longest_streak',
    threshold: 30,
    name: 'Unstoppable',
    description: 'Keep a {{count}}-day learning streak.',
  },
  {
    key: 'level_5',
    icon: 'star',
    metric: 'level',
    threshold: 5,
    name: 'Rising star',
    description: 'Reach level {{count}}.',
  },
  {
    key: 'level_10',
    icon: 'crown',
    metric: 'level',
    threshold: 10,
    name: 'Top of the class',
    description: 'Reach level {{count}}.',
  },
  {
    key: 'flashcards_100',
    icon: 'layers',
    metric: 'flashcard_reviews',
    threshold: 100,
    name: 'Card shark',
    description: 'Review {{count}} flashcards.',
  },
  {
    key: 'first_scorm',
    icon: 'package',
    metric: 'scorm_completed',
    threshold: 1,
    name: 'Package pioneer',
    description: 'Complete {{count}} SCORM package(s).',
  },
  {
    key: 'first_course',
    icon: 'graduation-cap',
    metric: 'courses_completed',
    threshold: 1,
    name: 'Graduate',
    description: 'Complete {{count}} course(s).',
  },
  {
    key: 'first_goal',
    icon: 'target',
    metric: 'goals_completed',
    threshold: 1,
    name: 'Goal getter',
    description: 'Complete {{count}} goal(s).',
  },
  {
    key: 'quizzes_10',
    icon: 'check-circle',
    metric: 'quizzes_passed',
    threshold: 10,
    name: 'Quiz whiz',
    description: 'Pass {{count}} quizzes.',
  },
  {
    key: 'notes_10',
    icon: 'notebook-pen',
    metric: 'notes_created',
    threshold: 10,
    name: 'Note taker',
    description: 'Write {{count}} notes.',
  },
  {
    key: 'focus_10',
    icon: 'timer',
    metric: 'study_sessions',
    threshold: 10,
    name: 'Deep focus',
    description: 'Finish {{count}} study sessions.',
  },
] as const satisfies readonly BadgeDefinition[];
export type BadgeKey = (typeof BADGES)[number]['key'];
export const BADGE_KEYS = BADGES.map((badge) => badge.key) as [BadgeKey, ...BadgeKey[]];

export function badgeDescription(badge: Pick<BadgeDefinition, 'description'>, threshold: number): string {
  return badge.description.replaceAll('{{count}}', String(threshold));
}

/** Tiered goals with progress: a tier is reached when the metric reaches its threshold. */
export const ACHIEVEMENTS = [
  { key: 'courses', icon: 'graduation-cap', metric: 'courses_completed', tiers: [1, 5, 20] },
  { key: 'lessons', icon: 'book-open', metric: 'lessons_completed', tiers: [10, 50, 200] },
  { key: 'streak', icon: 'flame', metric: 'longest_streak', tiers: [3, 14, 60] },
  { key: 'quizzes', icon: 'check-circle', metric: 'quizzes_passed', tiers: [5, 25, 100] },
  { key: 'notes', icon: 'notebook-pen', metric: 'notes_created', tiers: [5, 25, 100] },
  { key: 'goals', icon: 'target', metric: 'goals_completed', tiers: [1, 5, 20] },
  { key: 'focus', icon: 'timer', metric: 'study_sessions', tiers: [5, 25, 100] },
  { key: 'xp', icon: 'zap', metric: 'total_xp', tiers: [1000, 5000, 20_000] },
] as const satisfies ReadonlyArray<{ key: string; icon: string; metric: Metric; tiers: readonly number[] }>;
export type AchievementKey = (typeof ACHIEVEMENTS)[number]['key'];

/** How many tiers of `tiers` a metric value reaches. */
export function tierReached(value: number, tiers: readonly number[]): number {
  return tiers.filter((threshold) => value >= threshold).length;
}

export const SHOP_ITEM_KINDS = ['streak_freeze', 'double_xp', 'theme', 'frame'] as const;
export type ShopItemKind = (typeof SHOP_ITEM_KINDS)[number];

export type ShopItemDefinition = {
  id: string;
  kind: ShopItemKind;
  cost: number;
  name: string;
  /** Most a learner can hold at once (streak freezes). */
  maxHeld: number | null;
  /** How long the effect lasts (boosts). */
  durationMinutes: number | null;
};

export const DEFAULT_SHOP_ITEMS: readonly ShopItemDefinition[] = [
  { id: 'streak_freeze', kind: 'streak_freeze', cost: 200, name: 'Streak freeze', maxHeld: 2, durationMinutes: null },
  { id: 'double_xp', kind: 'double_xp', cost: 150, name: 'Double XP boost', maxHeld: null, durationMinutes: 30 },
  { id: 'theme_ocean', kind: 'theme', cost: 300, name: 'Ocean theme', maxHeld: null, durationMinutes: null },
  { id: 'theme_forest', kind: 'theme', cost: 300, name: 'Forest theme', maxHeld: null, durationMinutes: null },
  { id: 'frame_gold', kind: 'frame', cost: 250, name: 'Gold avatar frame', maxHeld: null, durationMinutes: null },
  { id: 'frame_leaf', kind: 'frame', cost: 250, name: 'Leaf avatar frame', maxHeld: null, durationMinutes: null },
];

// Admin-tunable settings ------------------------------------------------------------------------------------------

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

// Contracts -------------------------------------------------------------------------------------------------------

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
