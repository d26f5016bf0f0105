import type { RecentAward, UserStats } from '@portal/shared/gamification';

export type StatsChange =
  | { kind: 'xp'; award: RecentAward }
  | { kind: 'xp_summary'; xp: number; count: number }
  | { kind: 'level_up'; level: number }
  | { kind: 'badge'; key: string };

/** More new awards than this at once (say, after being offline) are told as one total. */
export const MAX_XP_TOASTS = 3;

/**
 * What the learner should be told about between two readings of their stats: new XP awards, a new level, new
 * badges. The first reading tells nothing (it is where the learner starts).
 */
export function statsChanges(previous: UserStats | undefined, next: UserStats): StatsChange[] {
  if (!previous) return [];
  const seen = new Set(previous.recent_awards.map((award) => award.id));
  const awards = next.recent_awards.filter((award) => !seen.has(award.id) && award.xp > 0).reverse();
  const changes: StatsChange[] =
    awards.length > MAX_XP_TOASTS
      ? [{ kind: 'xp_summary', xp: Math.max(next.total_xp - previous.total_xp, 0), count: awards.length }]
      : awards.map((award) => ({ kind: 'xp', award }));
  if (next.level.level > previous.level.level) changes.push({ kind: 'level_up', level: next.level.level });
  const held = new Set(previous.badges.earned_keys);
  for (const key of next.badges.earned_keys) if (!held.has(key)) changes.push({ kind: 'badge', key });
  return changes;
}
