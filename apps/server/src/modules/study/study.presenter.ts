import { activeSecondsAt, focusedSecondsFor, type StudySession, type StudySessionStatus } from '@portal/shared/study';
import type { StudySessionRow } from './study.repository.ts';

const clockOf = (row: StudySessionRow) => ({
  startedAt: row.startedAt,
  pausedAt: row.pausedAt,
  pausedSeconds: row.pausedSeconds,
  endedAt: row.endedAt,
});

/** Active seconds so far: final once ended, otherwise as of `now`. */
export function activeSecondsOf(row: StudySessionRow, now: Date): number {
  return row.endedAt && row.activeSeconds !== null ? row.activeSeconds : activeSecondsAt(clockOf(row), now);
}

export function focusedSecondsOf(row: StudySessionRow, now: Date): number {
  return row.endedAt && row.focusedSeconds !== null
    ? row.focusedSeconds
    : focusedSecondsFor(row.mode, activeSecondsOf(row, now));
}

export function presentStudySession(row: StudySessionRow, now: Date): StudySession {
  const status: StudySessionStatus = row.endedAt ? 'completed' : row.pausedAt ? 'paused' : 'running';
  return {
    id: row.id,
    mode: row.mode,
    status,
    started_at: row.startedAt.toISOString(),
    paused_at: row.pausedAt?.toISOString() ?? null,
    ended_at: row.endedAt?.toISOString() ?? null,
    paused_seconds: row.pausedSeconds,
    active_seconds: activeSecondsOf(row, now),
    focused_seconds: focusedSecondsOf(row, now),
  };
}
