import {
  ACHIEVEMENTS,
  applyDailyCap,
  applyMultiplier,
  BADGES,
  baseXpFor,
  EVENT_METRIC,
  type GamificationSettings,
  isLearningEvent,
  localDay,
  type Metric,
  recordStreakActivity,
  type StreakType,
  tierReached,
  viewStreak,
  type XpEventType,
  type XpResult,
} from '@portal/shared/gamification';
import { levelForXp } from '@portal/shared/levels';
import type { AccountRow, StreakRow } from './gamification.repository.ts';
import type { AwardWrite } from './gamification-awards-at-once.ts';
import {
  type AwardInput,
  badgeSummary,
  currentMultiplier,
  resultFor,
  sameStreak,
  streakRowFrom,
  toStreakState,
  type WatchedTable,
} from './gamification-rules.ts';

/** What an award reads before it decides: the key's earlier use, streaks, today's XP of its kind, counts, holdings. */
export type AwardHeld = {
  previous: number | null;
  streaks: StreakRow[];
  earnedToday: number;
  counts: Map<string, number>;
  progress: { badges: string[]; achievements: { achievementKey: string; tier: number; progress: number }[] };
};

/** Where and when the award happens, and the rules it follows. */
export type AwardContext = { settings: GamificationSettings; day: string; timeZone: string; occurredAt: Date };

/**
 * An award decided: the answer, and what to write for it (null when nothing is written: a key used before, an event
 * worth no XP). `finish` completes the answer with the badges the write really granted.
 */
export type AwardPlan =
  | { write: null; result: XpResult }
  | { write: AwardWrite; changed: Set<WatchedTable>; finish: (grantedBadges: string[]) => XpResult };

/** The badges `metrics` now earn beyond those held, and the achievements whose tier or progress moved. */
export function progressDue(
  settings: GamificationSettings,
  metrics: Partial<Record<Metric, number>>,
  progress: AwardHeld['progress'],
) {
  const held = new Set(progress.badges);
  const badges = BADGES.filter((badge) => {
    const value = metrics[badge.metric];
    return !held.has(badge.key) && value !== undefined && value >= settings.badge_thresholds[badge.key];
  });
  const stored = new Map(progress.achievements.map((row) => [row.achievementKey, row]));
  const achievements = ACHIEVEMENTS.flatMap((achievement) => {
    const value = metrics[achievement.metric];
    if (value === undefined) return [];
    const next = { key: achievement.key, tier: tierReached(value, achievement.tiers), progress: value };
    const row = stored.get(next.key);
    return !row || row.tier !== next.tier || row.progress !== next.progress ? [next] : [];
  });
  return { badges, achievements };
}

const streakOf = (held: AwardHeld, type: StreakType) => held.streaks.find((row) => row.streakType === type);

/**
 * How the award moves its streak (learning or login): the state after it, the days frozen, whether the row changes,
 * and the learning streak the multiplier follows.
 */
function streakMove(eventType: XpEventType, held: AwardHeld, { day, timeZone, occurredAt }: AwardContext) {
  const streakType: StreakType = isLearningEvent(eventType) ? 'learning' : 'login';
  const streakRow = streakOf(held, streakType);
  const before = toStreakState(streakRow);
  const movedZone = streakRow && streakRow.timeZone !== timeZone;
  const { state, frozenDays } = recordStreakActivity(before, {
    day,
    dayInPreviousZone: movedZone ? localDay(occurredAt, streakRow.timeZone) : null,
  });
  const learning = streakType === 'learning' ? state : toStreakState(streakOf(held, 'learning'));
  return {
    streakType,
    state,
    frozenDays,
    learning,
    learningStreak: streakType === 'learning' ? state.current : viewStreak(learning, day).current,
    moved: !sameStreak(before, state) || Boolean(movedZone),
    freezesUsed: (streakRow?.freezesUsed ?? 0) + frozenDays.length,
  };
}

/** The measures badges and achievements follow, after the award: this event's kind counted once more. */
function metricsAfter(
  eventType: XpEventType,
  held: AwardHeld,
  { totalXp, longestStreak, settings }: { totalXp: number; longestStreak: number; settings: GamificationSettings },
) {
  const metrics: Partial<Record<Metric, number>> = {
    longest_streak: longestStreak,
    level: levelForXp(totalXp, settings.level_thresholds),
    total_xp: totalXp,
  };
  const metric = EVENT_METRIC[eventType];
  if (metric) metrics[metric] = (held.counts.get(eventType) ?? 0) + 1;
  return metrics;
}

/** The tables an award writes: always the ledger, and the streak, achievements and badges when they move. */
function tablesChanged(streakMoved: boolean, due: ReturnType<typeof progressDue>) {
  const changed = new Set<WatchedTable>(['user_xp']);
  if (streakMoved) changed.add('streaks');
  if (due.achievements.length > 0) changed.add('achievements');
  // The write goes ahead only if nothing the award read changed, so the badges due are the badges granted.
  if (due.badges.length > 0) changed.add('user_badges');
  return changed;
}

/** The answer to a written award, with the badges its write granted. */
function awardResult(
  { account, updated, settings }: { account: AccountRow; updated: AccountRow; settings: GamificationSettings },
  {
    xp,
    multiplier,
    due,
    grantedBadges,
  }: { xp: number; multiplier: number; due: ReturnType<typeof progressDue>; grantedBadges: string[] },
): XpResult {
  const granted = new Set(grantedBadges);
  const newBadges = due.badges.filter((badge) => granted.has(badge.key));
  return resultFor(updated, settings, {
    xp_awarded: xp,
    multiplier,
    leveled_up:
      levelForXp(updated.totalXp, settings.level_thresholds) > levelForXp(account.totalXp, settings.level_thresholds),
    new_badges: newBadges.map((badge) => badgeSummary(badge, settings)),
  });
}

/** The streak row an award saves, with the days it froze; null when the award does not move the streak. */
function streakWrite(userId: string, streak: ReturnType<typeof streakMove>, timeZone: string): AwardWrite['streak'] {
  if (!streak.moved) return null;
  return {
    row: streakRowFrom(userId, streak.streakType, streak.state, { freezesUsed: streak.freezesUsed, timeZone }),
    frozenDays: streak.frozenDays,
  };
}

/** award_xp's rules: the XP an event earns given what was read, and everything that moves with it. */
export function planAward(input: AwardInput, account: AccountRow, held: AwardHeld, context: AwardContext): AwardPlan {
  const { userId, eventType } = input;
  const { settings, day, timeZone, occurredAt } = context;
  const rule = settings.xp_rules[eventType];
  if (held.previous !== null) {
    return { write: null, result: resultFor(account, settings, { multiplier: held.previous, duplicate: true }) };
  }

  const worth = baseXpFor(eventType, input.value, rule);
  // An event worth no XP by its rule (a focus session under five focused minutes) is no learning: it is not
  // recorded, so it moves no streak, badge or achievement. A capped event still counts; only its XP is capped.
  if (worth === 0) {
    const learning = viewStreak(toStreakState(streakOf(held, 'learning')), day);
    const multiplier = currentMultiplier(account, learning.current, occurredAt);
    return { write: null, result: resultFor(account, settings, { multiplier }) };
  }

  const streak = streakMove(eventType, held, context);
  const multiplier = currentMultiplier(account, streak.learningStreak, occurredAt);
  const credited = applyDailyCap(worth, rule.daily_cap === null ? 0 : held.earnedToday, rule.daily_cap);
  const xp = applyMultiplier(credited, multiplier);
  const updated = xp > 0 ? { ...account, totalXp: account.totalXp + xp, updatedAt: new Date() } : account;
  const metrics = metricsAfter(eventType, held, {
    totalXp: updated.totalXp,
    longestStreak: streak.learning.longest,
    settings,
  });
  const due = progressDue(settings, metrics, held.progress);
  return {
    write: {
      ledger: {
        userId,
        kind: 'award',
        eventType,
        subjectId: input.subjectId,
        idempotencyKey: input.idempotencyKey,
        baseXp: credited,
        multiplier,
        xp,
        localDay: day,
        createdAt: occurredAt,
      },
      streak: streakWrite(userId, streak, timeZone),
      badgeKeys: due.badges.map((badge) => badge.key),
      achievements: due.achievements,
    },
    changed: tablesChanged(streak.moved, due),
    finish: (grantedBadges) => awardResult({ account, updated, settings }, { xp, multiplier, due, grantedBadges }),
  };
}
