/** XP rules: which events earn XP, how much, the daily caps and the streak multiplier. The server applies them. */
import { z } from 'zod';

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
  // Capped: a goal made, marked complete and deleted would otherwise earn 30 XP as often as one likes.
  goal_completed: { xp: 30, daily_cap: 90 },
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
