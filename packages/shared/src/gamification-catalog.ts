/**
 * What learners can earn and buy: the metrics, badges, tiered achievements and default shop items.
 * Plain definitions without schemas (no zod).
 */
import type { XpEventType } from './gamification-xp.ts';

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
