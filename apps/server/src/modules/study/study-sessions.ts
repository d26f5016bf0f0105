import {
  activeSecondsAt,
  automaticEndOf,
  focusedSecondsFor,
  STUDY_RECENT_LIMIT,
  type StudyMode,
  type StudyOverview,
  type StudySessionEnvelope,
} from '@portal/shared/study';
import { weekWindow } from '@portal/shared/time-zone';
import { AppError } from '../../errors.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import { focusedSecondsOf, presentStudySession } from './study.presenter.ts';
import type { SessionEnd, StudyRepository, StudySessionRow, Tx } from './study.repository.ts';

export type StudyDeps = {
  studyRepository: StudyRepository;
  activity: Pick<ActivityService, 'addTime'>;
  domainEvents: DomainEvents;
  timeZoneOf: (userId: string) => Promise<string>;
  now: () => Date;
};

const seconds = (ms: number) => Math.max(0, Math.floor(ms / 1000));

/** How a session ends at `endedAt`: a pause still running then counts as paused; times come from the server clock. */
export function sessionEnd(row: StudySessionRow, endedAt: Date, endReason: SessionEnd['endReason']): SessionEnd {
  const end = endedAt < row.startedAt ? row.startedAt : endedAt;
  const pausedSeconds = row.pausedSeconds + (row.pausedAt ? seconds(end.getTime() - row.pausedAt.getTime()) : 0);
  const activeSeconds = activeSecondsAt({ startedAt: row.startedAt, pausedAt: null, pausedSeconds, endedAt: end }, end);
  return {
    endedAt: end,
    pausedSeconds,
    activeSeconds,
    focusedSeconds: focusedSecondsFor(row.mode, activeSeconds),
    endReason,
  };
}

const envelope = (row: StudySessionRow, at: Date): StudySessionEnvelope => ({
  session: presentStudySession(row, at),
  server_now: at.toISOString(),
});

/** Ends the session inside `tx`, logs its focused time as learning time and records study_session.completed. */
async function endSession(
  { studyRepository, activity, domainEvents }: StudyDeps,
  tx: Tx,
  { row, end }: { row: StudySessionRow; end: SessionEnd },
) {
  const ended = await studyRepository.end(tx, row.userId, row.id, end);
  if (!ended) return undefined;
  await activity.addTime(
    { userId: row.userId, endedAt: end.endedAt, seconds: end.focusedSeconds, source: 'study' },
    tx,
  );
  await domainEvents.record(tx, {
    type: 'study_session.completed',
    userId: row.userId,
    subjectId: row.id,
    payload: { sessionId: row.id, mode: row.mode, focusedMinutes: Math.floor(end.focusedSeconds / 60) },
  });
  return ended;
}

type ChangeSession = (
  userId: string,
  sessionId: string,
  change: (tx: Tx, row: StudySessionRow, at: Date) => Promise<StudySessionRow | undefined>,
) => Promise<StudySessionEnvelope>;

/** Settling a session that ended on its own, and changing one under its lock. */
export function createSessionLifecycle(deps: StudyDeps) {
  const { studyRepository, domainEvents, now } = deps;

  /** Ends the open session if it ran to its maximum or was left paused too long. */
  async function settle(userId: string) {
    const open = await studyRepository.findOpen(userId);
    if (!open || !automaticEndOf(open, now())) return;
    const ended = await studyRepository.transaction(async (tx) => {
      const row = await studyRepository.lockOpen(tx, userId);
      const at = row ? automaticEndOf(row, now()) : null;
      if (!row || !at) return undefined;
      return endSession(deps, tx, { row, end: sessionEnd(row, at, row.pausedAt ? 'abandoned' : 'finished') });
    });
    if (ended) void domainEvents.flush();
  }

  /** Locks one of the learner's sessions, lets `change` act on it, and answers its state afterwards. */
  const changeSession: ChangeSession = async (userId, sessionId, change) => {
    await settle(userId);
    const at = now();
    const row = await studyRepository.transaction(async (tx) => {
      const current = await studyRepository.lockById(tx, userId, sessionId);
      if (!current) throw new AppError('not_found', 'Study session not found.');
      return (await change(tx, current, at)) ?? current;
    });
    return envelope(row, at);
  };

  return { settle, changeSession };
}

/** The study page's overview, and the open session's time for other views. */
export function createStudyOverview(deps: StudyDeps, settle: (userId: string) => Promise<void>) {
  const { studyRepository, timeZoneOf, now } = deps;
  return {
    async overview(userId: string): Promise<StudyOverview> {
      await settle(userId);
      const at = now();
      const timeZone = await timeZoneOf(userId);
      const week = weekWindow(at, timeZone);
      const [current, recent, totals] = await Promise.all([
        studyRepository.findOpen(userId),
        studyRepository.listRecent(userId, STUDY_RECENT_LIMIT),
        studyRepository.endedTotals(userId, { from: week.start, to: week.end }),
      ]);
      const openSeconds = current && current.startedAt >= week.start ? focusedSecondsOf(current, at) : 0;
      return {
        server_now: at.toISOString(),
        current: current ? presentStudySession(current, at) : null,
        recent: recent.map((row) => presentStudySession(row, at)),
        week: {
          starts_at: week.start.toISOString(),
          ends_at: week.end.toISOString(),
          time_zone: timeZone,
          study_seconds: totals.seconds + openSeconds,
          sessions_completed: totals.sessions,
        },
      };
    },

    /** Focused seconds of the learner's open session so far, when it started in [from, to). */
    async openFocusedSeconds(userId: string, { from, to }: { from: Date; to: Date }): Promise<number> {
      const open = await studyRepository.findOpen(userId);
      if (!open || open.startedAt < from || open.startedAt >= to) return 0;
      return focusedSecondsOf(open, now());
    },
  };
}

/** A session started, paused, resumed and stopped by the learner. */
export function createSessionControls(
  deps: StudyDeps,
  { settle, changeSession }: ReturnType<typeof createSessionLifecycle>,
) {
  const { studyRepository, domainEvents, now } = deps;
  return {
    async start(userId: string, mode: StudyMode): Promise<StudySessionEnvelope> {
      await settle(userId);
      const at = now();
      const row = await studyRepository.insertOpen({ userId, mode, startedAt: at });
      if (!row) throw new AppError('conflict', 'Another study session is still open. Stop it first.');
      return envelope(row, at);
    },

    /** Pausing a paused session changes nothing; an ended one cannot be paused. */
    pause(userId: string, sessionId: string) {
      return changeSession(userId, sessionId, async (tx, row, at) => {
        if (row.endedAt) throw new AppError('conflict', 'This study session has ended.');
        if (row.pausedAt) return row;
        return studyRepository.setPause(tx, userId, row.id, { pausedAt: at, pausedSeconds: row.pausedSeconds });
      });
    },

    resume(userId: string, sessionId: string) {
      return changeSession(userId, sessionId, async (tx, row, at) => {
        if (row.endedAt) throw new AppError('conflict', 'This study session has ended.');
        if (!row.pausedAt) return row;
        const pausedSeconds = row.pausedSeconds + seconds(at.getTime() - row.pausedAt.getTime());
        return studyRepository.setPause(tx, userId, row.id, { pausedAt: null, pausedSeconds });
      });
    },

    /** Stopping an ended session answers it unchanged, so a retried stop logs nothing twice. */
    async stop(userId: string, sessionId: string) {
      const result = await changeSession(userId, sessionId, async (tx, row, at) => {
        if (row.endedAt) return row;
        return endSession(deps, tx, { row, end: sessionEnd(row, at, 'stopped') });
      });
      void domainEvents.flush();
      return result;
    },
  };
}
