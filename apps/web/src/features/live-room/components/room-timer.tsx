import type { LiveTimer, LiveTimerBody } from '@portal/shared/live-room';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** Time left on the shared timer; never more than it was set to, however the two clocks' difference was guessed. */
function remainingMs(timer: LiveTimer, offsetMs: number, at: number) {
  if (timer.status === 'paused') return timer.remaining_ms ?? 0;
  if (timer.status !== 'running' || !timer.ends_at) return 0;
  const left = Math.max(0, Date.parse(timer.ends_at) - (at + offsetMs));
  return timer.duration_seconds === null ? left : Math.min(left, timer.duration_seconds * 1000);
}

export function formatCountdown(ms: number) {
  const total = Math.ceil(ms / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/**
 * The shared countdown: everyone counts down to the end time the server sent (corrected by the server clock), so
 * all screens agree. The display changes its text once a second, without animation or flashing.
 */
export function RoomTimer({
  timer,
  serverOffsetMs,
  canModerate,
  onChange,
}: {
  timer: LiveTimer;
  serverOffsetMs: number;
  canModerate: boolean;
  onChange: (body: LiveTimerBody) => void;
}) {
  const { t } = useTranslation('live-room');
  const minutesId = useId();
  const [, setTick] = useState(0);
  const [minutes, setMinutes] = useState('5');
  useEffect(() => {
    if (timer.status !== 'running') return;
    const tick = setInterval(() => setTick((count) => count + 1), 250);
    return () => clearInterval(tick);
  }, [timer.status]);
  // Read the clock at each render (the tick only asks for one), so a timer that just started never shows old time.
  const left = remainingMs(timer, serverOffsetMs, Date.now());
  const finished = timer.status === 'running' && left === 0;

  const start = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(minutes);
    if (Number.isFinite(value) && value > 0) onChange({ action: 'start', duration_seconds: Math.round(value * 60) });
  };

  return (
    <section aria-labelledby="room-timer-title" className="rounded-lg border border-border bg-card p-4">
      <h2 id="room-timer-title" className="text-lg font-semibold">
        {t('timer.title')}
      </h2>
      {timer.status === 'idle' ? (
        <p className="text-sm text-muted-foreground">{t('timer.idle')}</p>
      ) : (
        <p
          role="timer"
          className="font-mono text-4xl tabular-nums"
          aria-label={t('timer.remaining', { time: formatCountdown(left) })}
        >
          <span data-testid="room-timer-value">{formatCountdown(left)}</span>
        </p>
      )}
      <p role="status" className="text-sm text-muted-foreground">
        {timer.status === 'paused' ? t('timer.paused') : finished ? t('timer.finished') : ''}
      </p>
      {canModerate ? (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <form onSubmit={start} className="flex items-end gap-2">
            <div className="flex flex-col gap-1">
              <Label htmlFor={minutesId}>{t('timer.minutes')}</Label>
              <Input
                id={minutesId}
                type="number"
                min={1}
                max={240}
                className="w-24"
                value={minutes}
                onChange={(event) => setMinutes(event.target.value)}
              />
            </div>
            <Button type="submit">{t('timer.start')}</Button>
          </form>
          {timer.status === 'running' ? (
            <Button variant="outline" onClick={() => onChange({ action: 'pause' })}>
              {t('timer.pause')}
            </Button>
          ) : null}
          {timer.status === 'paused' ? (
            <Button variant="outline" onClick={() => onChange({ action: 'resume' })}>
              {t('timer.resume')}
            </Button>
          ) : null}
          {timer.status !== 'idle' ? (
            <Button variant="outline" onClick={() => onChange({ action: 'reset' })}>
              {t('timer.reset')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
