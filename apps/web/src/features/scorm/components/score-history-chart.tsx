import type { ScormOwnAttempt } from '@portal/shared/scorm-analytics';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * Scores of the attempts that reported one, oldest first, as a line. The drawing is hidden from assistive
 * technology: the attempts table beside it holds the same scores.
 */
export function ScoreHistoryChart({ attempts }: { attempts: ScormOwnAttempt[] }) {
  const { t } = useTranslation('scorm');
  const id = useId();
  const multiSco = new Set(attempts.map((attempt) => attempt.sco_id)).size > 1;
  const points = attempts
    .filter((attempt) => attempt.score !== null)
    .map((attempt) => ({
      label: multiSco
        ? t('history.attemptOfSco', { number: attempt.number, sco: attempt.sco_title })
        : t('history.attemptNumber', { number: attempt.number }),
      score: attempt.score,
    }));
  if (points.length === 0) return <p className="text-sm text-muted-foreground">{t('history.noScores')}</p>;
  const axis = { stroke: 'var(--color-muted-foreground)', fontSize: 12, tickLine: false } as const;
  return (
    <figure aria-labelledby={`${id}-title`} aria-describedby={`${id}-note`} className="flex flex-col gap-2">
      <figcaption id={`${id}-title`} className="text-sm font-medium">
        {t('history.chartTitle')}
      </figcaption>
      <p id={`${id}-note`} className="sr-only">
        {t('history.chartNote')}
      </p>
      {/* inert: the drawing is neither focusable nor read; the table carries the numbers. */}
      <div className="h-44 w-full" inert>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid vertical={false} stroke="var(--color-border)" />
            <XAxis dataKey="label" {...axis} interval="preserveStartEnd" />
            <YAxis domain={[0, 100]} allowDecimals={false} {...axis} />
            <Tooltip
              formatter={(value) => [t('analytics.percent', { value: Number(value) }), t('history.score')]}
              contentStyle={{
                background: 'var(--color-card)',
                border: '1px solid var(--color-border)',
                borderRadius: 6,
              }}
            />
            <Line
              dataKey="score"
              stroke="var(--color-primary)"
              strokeWidth={2}
              dot={{ r: 3 }}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
