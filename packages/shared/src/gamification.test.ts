import { describe, expect, it } from 'vitest';
import { BADGES, tierReached } from './gamification-catalog.ts';
import { DEFAULT_GAMIFICATION_SETTINGS, gamificationSettingsSchema } from './gamification-settings.ts';
import { applyDailyCap, applyMultiplier, baseXpFor, DEFAULT_XP_RULES, xpMultiplier } from './gamification-xp.ts';
import {
  daysBetween,
  EMPTY_STREAK,
  localDay,
  recordStreakActivity,
  type StreakState,
  settleStreak,
  viewStreak,
} from './streak-days.ts';

const at = (iso: string) => new Date(iso);

describe('XP rules', () => {
  it('a passed quiz earns its base plus one per point above the pass mark, at most +20', () => {
    const rule = DEFAULT_XP_RULES.quiz_passed;
    expect(baseXpFor('quiz_passed', 0, rule)).toBe(20);
    expect(baseXpFor('quiz_passed', 7, rule)).toBe(27);
    expect(baseXpFor('quiz_passed', 55, rule)).toBe(40);
    expect(baseXpFor('quiz_passed', -3, rule)).toBe(20);
  });

  it('a study session earns 1 XP per full 5 focused minutes', () => {
    const rule = DEFAULT_XP_RULES.study_session_completed;
    expect(baseXpFor('study_session_completed', 4, rule)).toBe(0);
    expect(baseXpFor('study_session_completed', 25, rule)).toBe(5);
    expect(baseXpFor('study_session_completed', 29.9, rule)).toBe(5);
  });

  it('other events earn their fixed XP whatever value is sent', () => {
    expect(baseXpFor('lesson_completed', 999, DEFAULT_XP_RULES.lesson_completed)).toBe(10);
    expect(baseXpFor('course_completed', null, DEFAULT_XP_RULES.course_completed)).toBe(200);
  });

  it('a daily cap lets through only what is left of it today', () => {
    expect(applyDailyCap(2, 0, 20)).toBe(2);
    expect(applyDailyCap(2, 19, 20)).toBe(1);
    expect(applyDailyCap(2, 20, 20)).toBe(0);
    expect(applyDailyCap(2, 25, 20)).toBe(0);
    expect(applyDailyCap(500, 10_000, null)).toBe(500);
  });
});

describe('multiplier', () => {
  it.each([
    [0, 1],
    [6, 1],
    [7, 1.1],
    [13, 1.1],
    [14, 1.2],
    [35, 1.5],
    [400, 1.5],
  ])('a %i-day streak multiplies by %d', (streakDays, multiplier) => {
    expect(xpMultiplier({ streakDays, doubleXp: false })).toBe(multiplier);
  });

  it('a double-XP boost doubles the streak multiplier', () => {
    expect(xpMultiplier({ streakDays: 0, doubleXp: true })).toBe(2);
    expect(xpMultiplier({ streakDays: 21, doubleXp: true })).toBe(2.6);
    expect(xpMultiplier({ streakDays: 100, doubleXp: true })).toBe(3);
  });

  it('multiplied XP is rounded to whole points', () => {
    expect(applyMultiplier(10, 1.1)).toBe(11);
    expect(applyMultiplier(5, 1.1)).toBe(6);
    expect(applyMultiplier(2, 1.2)).toBe(2);
  });
});

describe('local days', () => {
  it('a day is the calendar date in the learner time zone', () => {
    const instant = at('2026-05-11T03:00:00Z');
    expect(localDay(instant, 'UTC')).toBe('2026-05-11');
    expect(localDay(instant, 'America/Los_Angeles')).toBe('2026-05-10');
    expect(localDay(instant, 'Asia/Tokyo')).toBe('2026-05-11');
    expect(localDay(instant, 'Not/A_Zone')).toBe('2026-05-11');
  });

  it('the spring-forward night (23 hours) still separates two calendar days', () => {
    const before = localDay(at('2026-03-08T04:30:00Z'), 'America/New_York');
    const after = localDay(at('2026-03-09T03:30:00Z'), 'America/New_York');
    expect([before, after]).toEqual(['2026-03-07', '2026-03-08']);
    expect(daysBetween(before, after)).toBe(1);
  });

  it('the fall-back night (25 hours) is one day too', () => {
    expect(daysBetween('2026-10-24', '2026-10-25')).toBe(1);
    expect(daysBetween('2026-10-25', '2026-10-26')).toBe(1);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
  });
});

const activity = (state: StreakState, day: string, dayInPreviousZone?: string) =>
  recordStreakActivity(state, { day, dayInPreviousZone }).state;

describe('streaks', () => {
  it('consecutive days grow the streak and the same day counts once', () => {
    let state = activity(EMPTY_STREAK, '2026-05-01');
    state = activity(state, '2026-05-01');
    state = activity(state, '2026-05-02');
    state = activity(state, '2026-05-03');
    expect(state).toMatchObject({ current: 3, longest: 3, lastActiveDay: '2026-05-03' });
  });

  it('a missed day without a freeze starts over, keeping the longest', () => {
    let state = activity(EMPTY_STREAK, '2026-05-01');
    state = activity(state, '2026-05-02');
    state = activity(state, '2026-05-04');
    expect(state).toMatchObject({ current: 1, longest: 2 });
  });

  it('a held freeze covers a missed day; the frozen day keeps the streak but does not add to it', () => {
    const start = { ...activity(EMPTY_STREAK, '2026-05-01'), freezesHeld: 1 };
    const { state, frozenDays } = recordStreakActivity(start, { day: '2026-05-03' });
    expect(frozenDays).toEqual(['2026-05-02']);
    expect(state).toMatchObject({ current: 2, freezesHeld: 0, lastCountedDay: '2026-05-03' });
  });

  it('two freezes cover two missed days', () => {
    const start = { ...activity(EMPTY_STREAK, '2026-05-01'), freezesHeld: 2 };
    const { state, frozenDays } = recordStreakActivity(start, { day: '2026-05-04' });
    expect(frozenDays).toEqual(['2026-05-02', '2026-05-03']);
    expect(state).toMatchObject({ current: 2, freezesHeld: 0 });
  });

  it('a gap longer than the held freezes ends the streak and spends no freeze', () => {
    const start = { ...activity(EMPTY_STREAK, '2026-05-01'), freezesHeld: 1 };
    const { state, frozenDays } = recordStreakActivity(start, { day: '2026-05-04' });
    expect(frozenDays).toEqual([]);
    expect(state).toMatchObject({ current: 1, freezesHeld: 1 });
  });

  it('settling without activity spends freezes for the missed days only', () => {
    const start = { ...activity(EMPTY_STREAK, '2026-05-01'), freezesHeld: 2 };
    expect(settleStreak(start, '2026-05-02').frozenDays).toEqual([]);
    const settled = settleStreak(start, '2026-05-03');
    expect(settled.frozenDays).toEqual(['2026-05-02']);
    expect(settled.state).toMatchObject({ current: 1, freezesHeld: 1, lastCountedDay: '2026-05-02' });
  });

  it('activity across spring forward keeps the streak (New York, March 2026)', () => {
    const zone = 'America/New_York';
    let state = activity(EMPTY_STREAK, localDay(at('2026-03-08T04:30:00Z'), zone));
    state = activity(state, localDay(at('2026-03-09T03:30:00Z'), zone));
    expect(state.current).toBe(2);
  });

  it('activity across fall back keeps the streak, and a real missed day still breaks it (Berlin, October 2026)', () => {
    const zone = 'Europe/Berlin';
    let kept = activity(EMPTY_STREAK, localDay(at('2026-10-23T22:10:00Z'), zone));
    kept = activity(kept, localDay(at('2026-10-25T22:50:00Z'), zone));
    expect(kept.current).toBe(2);
    let broken = activity(EMPTY_STREAK, localDay(at('2026-10-23T21:50:00Z'), zone));
    broken = activity(broken, localDay(at('2026-10-24T22:10:00Z'), zone));
    expect(broken.current).toBe(1);
  });

  it('flying east (Los Angeles to Tokyo) does not break a streak', () => {
    const first = at('2026-05-11T03:00:00Z');
    const next = at('2026-05-11T23:00:00Z');
    let state = activity(EMPTY_STREAK, localDay(first, 'America/Los_Angeles'));
    state = activity(state, localDay(next, 'Asia/Tokyo'), localDay(next, 'America/Los_Angeles'));
    expect(state).toMatchObject({ current: 2, lastCountedDay: '2026-05-12' });
  });

  it('flying west (Tokyo to Los Angeles) never counts the same day twice', () => {
    let state = activity(EMPTY_STREAK, localDay(at('2026-05-12T11:00:00Z'), 'Asia/Tokyo'));
    const later = at('2026-05-12T18:00:00Z');
    state = activity(state, localDay(later, 'America/Los_Angeles'), localDay(later, 'Asia/Tokyo'));
    expect(state.current).toBe(1);
    state = activity(state, localDay(at('2026-05-13T18:00:00Z'), 'America/Los_Angeles'));
    expect(state.current).toBe(2);
  });

  it('the view shows a streak at risk before today counts, and over once the gap is too long', () => {
    const state = activity(activity(EMPTY_STREAK, '2026-05-01'), '2026-05-02');
    expect(viewStreak(state, '2026-05-02')).toMatchObject({ current: 2, today_done: true, at_risk: false });
    expect(viewStreak(state, '2026-05-03')).toMatchObject({ current: 2, today_done: false, at_risk: true });
    expect(viewStreak(state, '2026-05-04')).toMatchObject({ current: 0, at_risk: false });
    expect(viewStreak({ ...state, freezesHeld: 1 }, '2026-05-04')).toMatchObject({ current: 2, freezes_held: 0 });
  });
});

describe('badges, achievements and settings', () => {
  it('tiers are reached in order', () => {
    expect(tierReached(0, [1, 5, 20])).toBe(0);
    expect(tierReached(5, [1, 5, 20])).toBe(2);
    expect(tierReached(99, [1, 5, 20])).toBe(3);
  });

  it('every badge has a distinct key', () => {
    expect(new Set(BADGES.map((badge) => badge.key)).size).toBe(BADGES.length);
  });

  it('the default settings are valid, and settings missing an event rule are refused', () => {
    expect(gamificationSettingsSchema.safeParse(DEFAULT_GAMIFICATION_SETTINGS).success).toBe(true);
    const { daily_login: _dropped, ...rules } = DEFAULT_GAMIFICATION_SETTINGS.xp_rules;
    expect(gamificationSettingsSchema.safeParse({ ...DEFAULT_GAMIFICATION_SETTINGS, xp_rules: rules }).success).toBe(
      false,
    );
  });
});
