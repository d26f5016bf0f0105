import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '@/lib/intl-formats';
import { usePageIdle } from '@/lib/use-page-idle';
import { ChartTable } from './chart-table';

// The drawing is decorative (the table carries the numbers): it loads and draws once the page is idle after the
// screen shows, into a box of fixed height, so nothing moves.
const DailyChartDrawing = lazy(() => import('./daily-chart-drawing').then((m) => ({ default: m.DailyChartDrawing })));

export type DailyValue = { date: string; value: number };

const dayOf = (date: string) => new Date(`${date}T12:00:00Z`);

/**
 * One value per day as bars or a line. The drawing is hidden from assistive technology; the same numbers are in a table
 * that screen readers reach directly and sighted users can open.
 */
export function DailyChart({
  title,
  data,
  kind,
  formatValue,
  color = 'var(--color-primary)',
}: {
  title: string;
  data: DailyValue[];
  kind: 'bar' | 'line';
  formatValue: (value: number) => string;
  color?: string;
}) {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  const idle = usePageIdle();
  const short = dateTimeFormat(i18n.resolvedLanguage, { month: 'numeric', day: 'numeric', timeZone: 'UTC' });
  const long = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'full', timeZone: 'UTC' });
  const points = data.map((point) => ({ ...point, label: short.format(dayOf(point.date)) }));
  return (
    <figure aria-labelledby={`${id}-title`} className="flex flex-col gap-2">
      <figcaption id={`${id}-title`} className="text-sm font-medium">
        {title}
      </figcaption>
      {/* inert: the drawing is neither focusable nor read; the table below carries the numbers. */}
      <div className="h-48 w-full" inert>
        {idle ? (
          <Suspense fallback={null}>
            <DailyChartDrawing points={points} kind={kind} color={color} />
          </Suspense>
        ) : null}
      </div>
      <ChartTable
        title={title}
        columns={[t('charts.day'), title]}
        rows={data.map((point) => ({
          key: point.date,
          cells: [long.format(dayOf(point.date)), formatValue(point.value)],
        }))}
      />
    </figure>
  );
}
