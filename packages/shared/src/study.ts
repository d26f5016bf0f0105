/**
 * Study sessions: focus (Pomodoro 25/5), review (due flashcards) and practice (quiz questions from completed lessons).
 * The server keeps the clock: it stores when a session started and how long it was paused, and computes active and
 * focused seconds itself; the client only derives the remaining time for display and never reports time.
 *
 *   GET  /api/study/sessions                         -> studyOverviewSchema (open session, recent ones, this week)
 *   POST /api/study/sessions  startStudySessionBodySchema -> studySessionEnvelopeSchema (201);
 *                                                       409 `conflict` while another session is open
 *   POST /api/study/sessions/:sessionId/pause        -> studySessionEnvelopeSchema
 *   POST /api/study/sessions/:sessionId/resume       -> studySessionEnvelopeSchema
 *   POST /api/study/sessions/:sessionId/stop         -> studySessionEnvelopeSchema (emits study_session.completed)
 * Study sessions need the `study_sessions` feature (tier me); lower tiers get 402
 * `subscription_required`, reasons[0] = tier.
 * Another learner's session answers 404 `not_found`.
 */
import { z } from 'zod';

export const STUDY_MODES = ['focus', 'review', 'practice'] as const;
export const studyModeSchema = z.enum(STUDY_MODES);
export type StudyMode = z.infer<typeof studyModeSchema>;

export function isStudyMode(value: string | undefined): value is StudyMode {
  return STUDY_MODES.includes(value as StudyMode);
}

/** Pomodoro: 25 minutes of focus, then a 5 minute break, four rounds per session. */
export const POMODORO = { focusSeconds: 25 * 60, breakSeconds: 5 * 60, rounds: 4 } as const;
const ROUND_SECONDS = POMODORO.focusSeconds + POMODORO.breakSeconds;

/** A session ends by itself after this much active (not paused) time: four Pomodoro rounds, or two hours. */
export const SESSION_MAX_ACTIVE_SECONDS = POMODORO.rounds * ROUND_SECONDS;
/** A session left paused longer than this ends at the moment it was paused. */
export const SESSION_MAX_PAUSE_SECONDS = 12 * 3600;

export type PomodoroPhase = 'focus' | 'break' | 'finished';

export type PomodoroState = {
  phase: PomodoroPhase;
  /** 1-based round; the last round while finished. */
  round: number;
  phaseElapsedSeconds: number;
  phaseRemainingSeconds: number;
  phaseLengthSeconds: number;
  focusedSeconds: number;
};

/** Where a Pomodoro session stands after this many active seconds. */
export function pomodoroState(activeSeconds: number): PomodoroState {
  const active = Math.max(0, Math.floor(activeSeconds));
  if (active >= SESSION_MAX_ACTIVE_SECONDS) {
    return {
      phase: 'finished',
      round: POMODORO.rounds,
      phaseElapsedSeconds: 0,
      phaseRemainingSeconds: 0,
      phaseLengthSeconds: 0,
      focusedSeconds: POMODORO.rounds * POMODORO.focusSeconds,
    };
  }
  const completedRounds = Math.floor(active / ROUND_SECONDS);
  const inRound = active % ROUND_SECONDS;
  const focusedSeconds = completedRounds * POMODORO.focusSeconds + Math.min(inRound, POMODORO.focusSeconds);
  const round = completedRounds + 1;
  if (inRound < POMODORO.focusSeconds) {
    return {
      phase: 'focus',
      round,
      phaseElapsedSeconds: inRound,
      phaseRemainingSeconds: POMODORO.focusSeconds - inRound,
      phaseLengthSeconds: POMODORO.focusSeconds,
      focusedSeconds,
    };
  }
  const breakElapsed = inRound - POMODORO.focusSeconds;
  return {
    phase: 'break',
    round,
    phaseElapsedSeconds: breakElapsed,
    phaseRemainingSeconds: POMODORO.breakSeconds - breakElapsed,
    phaseLengthSeconds: POMODORO.breakSeconds,
    focusedSeconds,
  };
}

/** Focused seconds: the focus phases of a Pomodoro session, every active second of review and practice. */
export function focusedSecondsFor(mode: StudyMode, activeSeconds: number): number {
  const active = Math.min(SESSION_MAX_ACTIVE_SECONDS, Math.max(0, Math.floor(activeSeconds)));
  return mode === 'focus' ? pomodoroState(active).focusedSeconds : active;
}

export type SessionClock = {
  startedAt: Date;
  pausedAt: Date | null;
  /** Seconds spent paused in pauses that already ended. */
  pausedSeconds: number;
  endedAt: Date | null;
};

/** Wall time since the start minus the pauses, as of `now` (or the end), never above the session maximum. */
export function activeSecondsAt(clock: SessionClock, now: Date): number {
  const until = clock.endedAt ?? clock.pausedAt ?? now;
  const wall = Math.floor((until.getTime() - clock.startedAt.getTime()) / 1000);
  return Math.min(SESSION_MAX_ACTIVE_SECONDS, Math.max(0, wall - Math.max(0, clock.pausedSeconds)));
}

/**
 * When an open session ends by itself, or null while it may go on: a running one when it reaches the maximum
 * active time, a paused one left paused too long (it ends when it was paused).
 */
export function automaticEndOf(clock: SessionClock, now: Date): Date | null {
  if (clock.endedAt) return null;
  if (clock.pausedAt) {
    const pausedFor = (now.getTime() - clock.pausedAt.getTime()) / 1000;
    return pausedFor > SESSION_MAX_PAUSE_SECONDS ? clock.pausedAt : null;
  }
  const reachesMaxAt = new Date(
    clock.startedAt.getTime() + (Math.max(0, clock.pausedSeconds) + SESSION_MAX_ACTIVE_SECONDS) * 1000,
  );
  return reachesMaxAt <= now ? reachesMaxAt : null;
}

export const STUDY_SESSION_STATUSES = ['running', 'paused', 'completed'] as const;
export type StudySessionStatus = (typeof STUDY_SESSION_STATUSES)[number];

export const startStudySessionBodySchema = z.object({ mode: studyModeSchema }).strict();
export type StartStudySessionBody = z.infer<typeof startStudySessionBodySchema>;

export const studySessionParamsSchema = z.object({ sessionId: z.uuid() });

/** Pause, resume and stop take no input: a body with any field (a client's idea of the time) is refused. */
export const studySessionActionBodySchema = z.object({}).strict().optional();

export const studySessionSchema = z.object({
  id: z.string(),
  mode: studyModeSchema,
  status: z.enum(STUDY_SESSION_STATUSES),
  started_at: z.string(),
  paused_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  /** Seconds paused in pauses that already ended. */
  paused_seconds: z.number().int(),
  /** Active seconds as of `server_now` (final once completed). */
  active_seconds: z.number().int(),
  /** Focused seconds as computed by the server (final once completed). */
  focused_seconds: z.number().int(),
});
export type StudySession = z.infer<typeof studySessionSchema>;

export const studySessionEnvelopeSchema = z.object({
  session: studySessionSchema,
  /** The server's clock when it answered; the client derives remaining time from it. */
  server_now: z.string(),
});
export type StudySessionEnvelope = z.infer<typeof studySessionEnvelopeSchema>;

export const studyWeekSchema = z.object({
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: z.string(),
  /** Focused seconds of the sessions started this week, the open one included. */
  study_seconds: z.number().int(),
  sessions_completed: z.number().int(),
});
export type StudyWeek = z.infer<typeof studyWeekSchema>;

export const STUDY_RECENT_LIMIT = 10;

export const studyOverviewSchema = z.object({
  server_now: z.string(),
  current: studySessionSchema.nullable(),
  /** Completed sessions, newest first. */
  recent: z.array(studySessionSchema),
  week: studyWeekSchema,
});
export type StudyOverview = z.infer<typeof studyOverviewSchema>;
