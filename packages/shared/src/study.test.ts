import { describe, expect, it } from 'vitest';
import {
  activeSecondsAt,
  automaticEndOf,
  focusedSecondsFor,
  POMODORO,
  pomodoroState,
  SESSION_MAX_ACTIVE_SECONDS,
  SESSION_MAX_PAUSE_SECONDS,
} from './study.ts';

const minutes = (n: number) => n * 60;

describe('Pomodoro phases', () => {
  it('start with 25 minutes of focus', () => {
    expect(pomodoroState(0)).toMatchObject({ phase: 'focus', round: 1, phaseRemainingSeconds: minutes(25) });
    expect(pomodoroState(minutes(24) + 59)).toMatchObject({ phase: 'focus', round: 1, phaseRemainingSeconds: 1 });
  });

  it('then a 5 minute break that adds no focused time', () => {
    expect(pomodoroState(minutes(25))).toMatchObject({
      phase: 'break',
      round: 1,
      phaseRemainingSeconds: minutes(5),
      focusedSeconds: minutes(25),
    });
    expect(pomodoroState(minutes(29)).focusedSeconds).toBe(minutes(25));
  });

  it('then the next round', () => {
    expect(pomodoroState(minutes(40))).toMatchObject({
      phase: 'focus',
      round: 2,
      phaseElapsedSeconds: minutes(10),
      focusedSeconds: minutes(35),
    });
  });

  it('finish after four rounds with 100 focused minutes', () => {
    expect(SESSION_MAX_ACTIVE_SECONDS).toBe(POMODORO.rounds * minutes(30));
    expect(pomodoroState(minutes(119)).phase).toBe('break');
    expect(pomodoroState(minutes(120))).toMatchObject({ phase: 'finished', focusedSeconds: minutes(100) });
    expect(pomodoroState(minutes(500)).focusedSeconds).toBe(minutes(100));
  });

  it('count every active second in review and practice, up to the session maximum', () => {
    expect(focusedSecondsFor('practice', minutes(40))).toBe(minutes(40));
    expect(focusedSecondsFor('review', -5)).toBe(0);
    expect(focusedSecondsFor('practice', minutes(500))).toBe(SESSION_MAX_ACTIVE_SECONDS);
    expect(focusedSecondsFor('focus', minutes(40))).toBe(minutes(35));
  });
});

describe('the session clock', () => {
  const startedAt = new Date('2025-05-05T10:00:00Z');
  const later = (seconds: number) => new Date(startedAt.getTime() + seconds * 1000);

  it('counts wall time minus the pauses that ended', () => {
    expect(activeSecondsAt({ startedAt, pausedAt: null, pausedSeconds: 120, endedAt: null }, later(600))).toBe(480);
  });

  it('stops counting while paused and at the end', () => {
    expect(activeSecondsAt({ startedAt, pausedAt: later(300), pausedSeconds: 0, endedAt: null }, later(9000))).toBe(
      300,
    );
    expect(activeSecondsAt({ startedAt, pausedAt: null, pausedSeconds: 0, endedAt: later(60) }, later(9000))).toBe(60);
  });

  it('never exceeds wall time, never goes below zero and stops at the maximum', () => {
    expect(activeSecondsAt({ startedAt, pausedAt: null, pausedSeconds: 0, endedAt: null }, later(-30))).toBe(0);
    expect(activeSecondsAt({ startedAt, pausedAt: null, pausedSeconds: 0, endedAt: null }, later(99_999))).toBe(
      SESSION_MAX_ACTIVE_SECONDS,
    );
  });

  it('ends a running session when it reaches the maximum, later by the time it was paused', () => {
    const clock = { startedAt, pausedAt: null, pausedSeconds: 600, endedAt: null };
    expect(automaticEndOf(clock, later(SESSION_MAX_ACTIVE_SECONDS))).toBeNull();
    expect(automaticEndOf(clock, later(SESSION_MAX_ACTIVE_SECONDS + 3600))?.toISOString()).toBe(
      later(SESSION_MAX_ACTIVE_SECONDS + 600).toISOString(),
    );
  });

  it('ends a session left paused too long at the moment it was paused', () => {
    const clock = { startedAt, pausedAt: later(300), pausedSeconds: 0, endedAt: null };
    expect(automaticEndOf(clock, later(300 + SESSION_MAX_PAUSE_SECONDS - 1))).toBeNull();
    expect(automaticEndOf(clock, later(300 + SESSION_MAX_PAUSE_SECONDS + 1))?.toISOString()).toBe(
      later(300).toISOString(),
    );
  });
});
