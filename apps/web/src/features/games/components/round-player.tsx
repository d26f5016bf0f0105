import type { GameRound } from '@portal/shared/games';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { MatchGame } from './match-game';
import { RecallGame } from './recall-game';
import { SprintGame } from './sprint-game';

export type RoundAnswer = { item_id: string; answer: string };

/** What each game gets: its round, a way to record an answer, to say it is done, and to announce a change. */
export type GameProps = {
  round: GameRound;
  onAnswer: (answer: RoundAnswer) => void;
  onDone: () => void;
  announce: (message: string) => void;
};

const WARN_AT = [30, 10];

/** Seconds left of a timed round, ticking once a second; calls onTimeUp once when the clock runs out. */
function useCountdown(seconds: number | null, onTimeUp: () => void): number | null {
  const [left, setLeft] = useState(seconds);
  const timeUp = useRef(onTimeUp);
  timeUp.current = onTimeUp;
  useEffect(() => {
    if (seconds === null) return;
    const end = performance.now() + seconds * 1000;
    const timer = window.setInterval(() => {
      const remaining = Math.max(0, Math.ceil((end - performance.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        window.clearInterval(timer);
        timeUp.current();
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [seconds]);
  return left;
}

/** Runs one round: the clock (when timed), the answers so far and the announcements, then hands them back. */
export function RoundPlayer({
  round,
  onFinish,
}: {
  round: GameRound;
  onFinish: (answers: RoundAnswer[], elapsedMs: number) => void;
}) {
  const { t } = useTranslation('games');
  const answers = useRef<RoundAnswer[]>([]);
  const started = useRef(performance.now());
  const finished = useRef(false);
  const [status, setStatus] = useState('');
  const [timeWarning, setTimeWarning] = useState('');

  const finish = useCallback(() => {
    if (finished.current) return;
    finished.current = true;
    onFinish(answers.current, Math.round(performance.now() - started.current));
  }, [onFinish]);
  const left = useCountdown(round.seconds, finish);
  useEffect(() => {
    if (left !== null && WARN_AT.includes(left)) setTimeWarning(t('play.secondsLeft', { count: left }));
  }, [left, t]);

  const props: GameProps = {
    round,
    onAnswer: (answer) => answers.current.push(answer),
    onDone: finish,
    announce: setStatus,
  };
  return (
    <section aria-labelledby="round-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="round-title" className="text-xl font-semibold">
          {t(`games.${round.game}.name`)} · {t(`difficulty.${round.difficulty}`)}
        </h2>
        <div className="flex items-center gap-3">
          <p role="timer" aria-live="off" className="font-medium tabular-nums">
            {left === null ? t('play.untimed') : t('play.timeLeft', { count: left })}
          </p>
          <Button variant="outline" size="sm" onClick={finish}>
            {t('play.end')}
          </Button>
        </div>
      </div>
      <p role="status" className="min-h-6 text-sm text-muted-foreground">
        {status}
      </p>
      <p aria-live="assertive" className="sr-only">
        {timeWarning}
      </p>
      {round.game === 'match' ? <MatchGame {...props} /> : null}
      {round.game === 'sprint' ? <SprintGame {...props} /> : null}
      {round.game === 'recall' ? <RecallGame {...props} /> : null}
    </section>
  );
}
