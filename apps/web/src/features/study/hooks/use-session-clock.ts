import { activeSecondsAt, type StudySession } from '@portal/shared/study';
import { useEffect, useState } from 'react';

const clockOf = (session: StudySession) => ({
  startedAt: new Date(session.started_at),
  pausedAt: session.paused_at ? new Date(session.paused_at) : null,
  pausedSeconds: session.paused_seconds,
  endedAt: session.ended_at ? new Date(session.ended_at) : null,
});

/**
 * Active seconds of a session right now, derived from the times the server stored (corrected by how far this
 * device's clock is off), ticking once a second while the session runs. Nothing is counted in the browser.
 */
export function useSessionClock(session: StudySession | null, clockOffsetMs: number): number {
  const serverNow = () => new Date(Date.now() + clockOffsetMs);
  const [active, setActive] = useState(() => (session ? activeSecondsAt(clockOf(session), serverNow()) : 0));
  const running = session?.status === 'running';
  // biome-ignore lint/correctness/useExhaustiveDependencies: serverNow only reads clockOffsetMs, listed here
  useEffect(() => {
    if (!session) {
      setActive(0);
      return;
    }
    const update = () => setActive(activeSecondsAt(clockOf(session), serverNow()));
    update();
    if (!running) return;
    const timer = setInterval(update, 1000);
    return () => clearInterval(timer);
  }, [session, running, clockOffsetMs]);
  return active;
}

/** 1500 -> "25:00". */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}
