import { POMODORO, pomodoroState, type StudySession } from '@portal/shared/study';
import { useQueryClient } from '@tanstack/react-query';
import { Pause, Play, Square, Timer } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { studyOverviewQueryOptions } from '../api/get-study-overview';
import { usePauseStudySession } from '../api/pause-study-session';
import { useResumeStudySession } from '../api/resume-study-session';
import { useStartStudySession } from '../api/start-study-session';
import { useStopStudySession } from '../api/stop-study-session';
import { formatClock, useSessionClock } from '../hooks/use-session-clock';

/** Pomodoro 25/5 on the server's clock: the timer survives a reload because only the server's times count. */
export function FocusTimer({ session, clockOffsetMs }: { session: StudySession | null; clockOffsetMs: number }) {
  const { t } = useTranslation('study');
  const queryClient = useQueryClient();
  const phaseId = useId();
  const savingId = useId();
  const start = useStartStudySession();
  const pause = usePauseStudySession();
  const resume = useResumeStudySession();
  const stop = useStopStudySession();
  const active = useSessionClock(session, clockOffsetMs);
  const state = pomodoroState(active);
  const busy = start.isPending || pause.isPending || resume.isPending || stop.isPending;
  // Two clicks can land before React re-renders; a second start meets 409, a second stop saves nothing new.
  const inFlight = useRef<'start' | 'stop' | null>(null);
  const once = (action: 'start' | 'stop', send: (settled: () => void) => void) => {
    if (inFlight.current) return;
    inFlight.current = action;
    send(() => {
      inFlight.current = null;
    });
  };

  // Phase changes are announced once, politely; the ticking clock itself is not.
  const [announcement, setAnnouncement] = useState('');
  const lastPhase = useRef<string | null>(null);
  const phaseKey = session ? `${session.id}:${state.phase}:${state.round}` : null;
  useEffect(() => {
    if (
      phaseKey &&
      lastPhase.current &&
      lastPhase.current !== phaseKey &&
      lastPhase.current.startsWith(session?.id ?? '-')
    ) {
      setAnnouncement(
        state.phase === 'break'
          ? t('focus.announce.break', { minutes: POMODORO.breakSeconds / 60 })
          : state.phase === 'focus'
            ? t('focus.announce.focus', { round: state.round, rounds: POMODORO.rounds })
            : t('focus.announce.finished'),
      );
    }
    lastPhase.current = phaseKey;
  }, [phaseKey, session?.id, state.phase, state.round, t]);

  // The server ends a session that ran its four rounds; ask for its final state once the clock gets there.
  useEffect(() => {
    if (session?.status === 'running' && state.phase === 'finished') {
      void queryClient.invalidateQueries({ queryKey: studyOverviewQueryOptions().queryKey });
    }
  }, [session?.status, state.phase, queryClient]);

  const failed = () => toast.error(t('actionFailed'));
  useEffect(() => {
    if (stop.isPaused) setAnnouncement(t('savingOffline'));
  }, [stop.isPaused, t]);

  const status = (
    <p role="status" className="sr-only">
      {announcement}
    </p>
  );
  if (!session) {
    return (
      <Card className="flex flex-col items-start gap-4 p-6">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Timer className="size-5 text-primary" aria-hidden="true" />
          {t('focus.readyTitle')}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t('focus.readyDescription', {
            focus: POMODORO.focusSeconds / 60,
            break: POMODORO.breakSeconds / 60,
            rounds: POMODORO.rounds,
          })}
        </p>
        <Button
          size="lg"
          disabled={busy}
          onClick={() => once('start', (settled) => start.mutate('focus', { onError: failed, onSettled: settled }))}
        >
          <Play aria-hidden="true" />
          {t('focus.start')}
        </Button>
        {status}
      </Card>
    );
  }

  const paused = session.status === 'paused';
  const phaseLabel =
    state.phase === 'finished'
      ? t('focus.phase.finished')
      : t(`focus.phase.${state.phase}`, { round: state.round, rounds: POMODORO.rounds });
  return (
    <Card className="flex flex-col items-center gap-5 p-6 text-center" data-testid="focus-timer">
      <h2 id={phaseId} className="text-lg font-semibold">
        {phaseLabel}
        {paused ? <span className="ml-2 text-muted-foreground">{t('focus.paused')}</span> : null}
      </h2>
      <div
        role="timer"
        aria-live="off"
        aria-atomic="true"
        aria-labelledby={phaseId}
        className="font-mono text-6xl font-semibold tabular-nums tracking-tight sm:text-7xl"
      >
        {formatClock(state.phaseRemainingSeconds)}
      </div>
      <ProgressBar
        className="max-w-md"
        value={state.phaseLengthSeconds ? (state.phaseElapsedSeconds / state.phaseLengthSeconds) * 100 : 100}
        label={t('focus.phaseProgress')}
        valueText={t('focus.remaining', { time: formatClock(state.phaseRemainingSeconds) })}
      />
      <p className="text-sm text-muted-foreground">
        {t('focus.focusedSoFar', { minutes: Math.floor(state.focusedSeconds / 60) })}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {paused ? (
          <Button disabled={busy} onClick={() => resume.mutate(session.id, { onError: failed })}>
            <Play aria-hidden="true" />
            {t('resume')}
          </Button>
        ) : (
          <Button variant="outline" disabled={busy} onClick={() => pause.mutate(session.id, { onError: failed })}>
            <Pause aria-hidden="true" />
            {t('pause')}
          </Button>
        )}
        <Button
          variant="outline"
          disabled={busy}
          aria-describedby={stop.isPending ? savingId : undefined}
          onClick={() =>
            once('stop', (settled) =>
              stop.mutate(session.id, {
                onSuccess: ({ session: ended }) =>
                  toast.success(t('saved', { minutes: Math.floor(ended.focused_seconds / 60) })),
                onError: failed,
                onSettled: settled,
              }),
            )
          }
        >
          <Square aria-hidden="true" />
          {stop.isPending ? t('saving') : t('stop')}
        </Button>
      </div>
      {/* A stop sent offline waits for the network; say so instead of leaving the timer running without a word. */}
      {stop.isPending ? (
        <p id={savingId} className="text-sm font-medium">
          {stop.isPaused ? t('savingOffline') : t('saving')}
        </p>
      ) : null}
      {status}
    </Card>
  );
}
