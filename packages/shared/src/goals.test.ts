import { describe, expect, it } from 'vitest';
import {
  checklistProgress,
  courseGoalProgress,
  createGoalBodySchema,
  deadlineOf,
  goalStats,
  isGoalAtRisk,
  updateGoalBodySchema,
  weeklyMinutesProgress,
  weeklyXpProgress,
} from './goals.ts';
import { todayIn, weekWindow } from './time-zone.ts';

const at = (iso: string) => new Date(iso);

describe('the learner week and due dates', () => {
  it('runs Monday to Monday at midnight in UTC', () => {
    const { start, end } = weekWindow(at('2025-03-12T15:00:00Z'), 'UTC');
    expect(start.toISOString()).toBe('2025-03-10T00:00:00.000Z');
    expect(end.toISOString()).toBe('2025-03-17T00:00:00.000Z');
  });

  it("follows the learner's time zone: Monday 02:00 UTC is still Sunday evening in Los Angeles", () => {
    const now = at('2025-03-10T02:00:00Z');
    expect(weekWindow(now, 'UTC').start.toISOString()).toBe('2025-03-10T00:00:00.000Z');
    const pacific = weekWindow(now, 'America/Los_Angeles');
    // Monday 3 March 00:00 PST (UTC-8) to Monday 10 March 00:00 PDT (UTC-7): that week holds the DST change.
    expect(pacific.start.toISOString()).toBe('2025-03-03T08:00:00.000Z');
    expect(pacific.end.toISOString()).toBe('2025-03-10T07:00:00.000Z');
    expect(pacific.end.getTime() - pacific.start.getTime()).toBe((7 * 24 - 1) * 3600 * 1000);
  });

  it('starts a week east of UTC the evening before, in UTC terms', () => {
    const { start, end } = weekWindow(at('2025-06-02T00:30:00Z'), 'Asia/Tokyo');
    expect(start.toISOString()).toBe('2025-06-01T15:00:00.000Z');
    expect(end.toISOString()).toBe('2025-06-08T15:00:00.000Z');
  });

  it('is 167 hours long across the spring change in Berlin and 169 across the autumn one', () => {
    const spring = weekWindow(at('2025-03-27T12:00:00Z'), 'Europe/Berlin');
    expect(spring.start.toISOString()).toBe('2025-03-23T23:00:00.000Z');
    expect((spring.end.getTime() - spring.start.getTime()) / 3600_000).toBe(167);
    const autumn = weekWindow(at('2025-10-22T12:00:00Z'), 'Europe/Berlin');
    expect((autumn.end.getTime() - autumn.start.getTime()) / 3600_000).toBe(169);
  });

  it('falls back to UTC for a time zone it does not know', () => {
    expect(weekWindow(at('2025-03-12T15:00:00Z'), 'Mars/Olympus').start.toISOString()).toBe('2025-03-10T00:00:00.000Z');
  });

  it('ends a due date at the next midnight in the learner time zone', () => {
    expect(deadlineOf('2025-12-31', 'UTC').toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(deadlineOf('2025-12-31', 'Asia/Kolkata').toISOString()).toBe('2025-12-31T18:30:00.000Z');
    expect(todayIn('America/New_York', at('2025-01-01T03:00:00Z'))).toBe('2024-12-31');
    expect(todayIn('Asia/Tokyo', at('2025-01-01T03:00:00Z'))).toBe('2025-01-01');
  });
});

describe('goal progress', () => {
  it("is the course's percent for a course goal, kept within 0-100", () => {
    expect(courseGoalProgress(42)).toEqual({ current: 42, target: 100, unit: 'percent', percent: 42 });
    expect(courseGoalProgress(null).percent).toBe(0);
    expect(courseGoalProgress(130).percent).toBe(100);
  });

  it('counts whole minutes against the weekly target and never rounds up to done', () => {
    expect(weeklyMinutesProgress(0, 60)).toEqual({ current: 0, target: 60, unit: 'minutes', percent: 0 });
    expect(weeklyMinutesProgress(30 * 60 + 59, 60)).toMatchObject({ current: 30, percent: 50 });
    expect(weeklyMinutesProgress(59 * 60 + 59, 60)).toMatchObject({ current: 59, percent: 98 });
    expect(weeklyMinutesProgress(90 * 60, 60)).toMatchObject({ current: 90, percent: 100 });
  });

  it('counts XP earned this week against the weekly XP target', () => {
    expect(weeklyXpProgress(150, 200)).toEqual({ current: 150, target: 200, unit: 'xp', percent: 75 });
    expect(weeklyXpProgress(260, 200).percent).toBe(100);
  });

  it('is ticked items over all items for a checklist', () => {
    expect(checklistProgress([{ done: true }, { done: false }, { done: false }])).toEqual({
      current: 1,
      target: 3,
      unit: 'items',
      percent: 33,
    });
    expect(checklistProgress([{ done: true }, { done: true }]).percent).toBe(100);
    expect(checklistProgress([]).percent).toBe(0);
  });
});

describe('goals at risk', () => {
  const base = {
    status: 'active' as const,
    startsAt: at('2025-03-01T00:00:00Z'),
    deadline: at('2025-03-11T00:00:00Z'),
  };

  it('are due soon and behind the time already passed', () => {
    expect(isGoalAtRisk({ ...base, percent: 50, now: at('2025-03-09T00:00:00Z') })).toBe(true);
    expect(isGoalAtRisk({ ...base, percent: 90, now: at('2025-03-09T00:00:00Z') })).toBe(false);
  });

  it('are not at risk while the deadline is far, whatever the progress', () => {
    expect(isGoalAtRisk({ ...base, percent: 0, now: at('2025-03-05T00:00:00Z') })).toBe(false);
  });

  it('are at risk once overdue and unfinished, but not when paused, done or open-ended', () => {
    const now = at('2025-03-12T00:00:00Z');
    expect(isGoalAtRisk({ ...base, percent: 99, now })).toBe(true);
    expect(isGoalAtRisk({ ...base, percent: 100, now })).toBe(false);
    expect(isGoalAtRisk({ ...base, status: 'paused', percent: 10, now })).toBe(false);
    expect(isGoalAtRisk({ ...base, deadline: null, percent: 10, now })).toBe(false);
  });
});

describe('goal stats', () => {
  it('count each status, average the active goals and count those at risk', () => {
    const goal = (status: 'active' | 'paused' | 'completed', percent: number, atRisk = false) => ({
      status,
      at_risk: atRisk,
      progress: { current: percent, target: 100, unit: 'percent' as const, percent },
    });
    expect(
      goalStats([goal('active', 20, true), goal('active', 61), goal('paused', 5), goal('completed', 100)]),
    ).toEqual({ total: 4, active: 2, paused: 1, completed: 1, average_progress: 41, at_risk: 1 });
    expect(goalStats([]).average_progress).toBeNull();
  });
});

describe('goal contracts', () => {
  it('accept one shape per kind and refuse fields of another kind', () => {
    expect(
      createGoalBodySchema.safeParse({
        kind: 'checklist',
        title: 'Read',
        items: ['Chapter 1', 'Chapter 2'],
      }).success,
    ).toBe(true);
    expect(
      createGoalBodySchema.safeParse({ kind: 'checklist', title: 'Read', items: ['a'], target_minutes: 30 }).success,
    ).toBe(false);
    expect(
      createGoalBodySchema.safeParse({
        kind: 'course_by_date',
        title: 'Finish',
        course_id: 'x',
        due_date: '2025-01-01',
      }).success,
    ).toBe(false);
    expect(createGoalBodySchema.safeParse({ kind: 'xp_daily', title: 'x' }).success).toBe(false);
    expect(updateGoalBodySchema.safeParse({}).success).toBe(false);
    expect(updateGoalBodySchema.safeParse({ due_date: '31/12/2025' }).success).toBe(false);
  });
});
