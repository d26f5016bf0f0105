import type { RecentAward, UserStats } from '@portal/shared/gamification';
import { DEFAULT_GAMIFICATION_SETTINGS } from '@portal/shared/gamification-settings';
import { levelProgress } from '@portal/shared/levels';
import { describe, expect, it } from 'vitest';
import { MAX_XP_TOASTS, statsChanges } from './stats-changes';

const award = (id: string, xp: number, eventType: RecentAward['event_type'] = 'lesson_completed'): RecentAward => ({
  id,
  event_type: eventType,
  xp,
  multiplier: 1,
  created_at: `2030-01-01T10:00:0${id.length}.000Z`,
});

function stats(totalXp: number, awards: RecentAward[], badges: string[] = []): UserStats {
  return {
    total_xp: totalXp,
    balance: totalXp,
    level: levelProgress(totalXp, DEFAULT_GAMIFICATION_SETTINGS.level_thresholds),
    multiplier: 1,
    double_xp_until: null,
    streak: { current: 1, longest: 1, freezes_held: 0, today_done: true, at_risk: false },
    badges: { earned: badges.length, total: 12, earned_keys: badges },
    achievements: { tiers_reached: 0, tiers_total: 24 },
    recent_awards: awards,
    daily_login_claimed: true,
    equipped: { theme: null, frame: null },
  };
}

describe('what a learner is told when their stats change', () => {
  it('the first reading tells nothing', () => {
    expect(statsChanges(undefined, stats(500, [award('a', 10)], ['first_lesson']))).toEqual([]);
  });

  it('a new award is one XP toast; awards already seen are not told again', () => {
    const before = stats(15, [award('a', 5, 'daily_login')]);
    const after = stats(25, [award('b', 10), award('a', 5, 'daily_login')]);

    expect(statsChanges(before, after)).toEqual([{ kind: 'xp', award: award('b', 10) }]);
    expect(statsChanges(after, after)).toEqual([]);
  });

  it('an award of 0 XP (daily cap reached) is not told', () => {
    expect(statsChanges(stats(40, []), stats(40, [award('c', 0, 'note_created')]))).toEqual([]);
  });

  it('crossing a level threshold is a level-up, and new badges are told one by one', () => {
    const before = stats(110, [award('a', 10)]);
    const after = stats(130, [award('b', 20), award('a', 10)], ['first_lesson', 'quizzes_10']);

    expect(statsChanges(before, after)).toEqual([
      { kind: 'xp', award: award('b', 20) },
      { kind: 'level_up', level: 2 },
      { kind: 'badge', key: 'first_lesson' },
      { kind: 'badge', key: 'quizzes_10' },
    ]);
  });

  it('many awards at once (after being offline) are told as one total, oldest first otherwise', () => {
    const before = stats(0, []);
    const many = Array.from({ length: MAX_XP_TOASTS + 1 }, (_, index) => award(`n${'x'.repeat(index)}`, 10));
    expect(statsChanges(before, stats(40, many))).toEqual([{ kind: 'xp_summary', xp: 40, count: 4 }]);
    const two = [award('second', 10), award('first', 5)];
    expect(statsChanges(before, stats(15, two)).map((change) => change.kind === 'xp' && change.award.id)).toEqual([
      'first',
      'second',
    ]);
  });
});
