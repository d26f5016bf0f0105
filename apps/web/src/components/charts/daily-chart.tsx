import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartTable } from './chart-table';

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
  const short = new Intl.DateTimeFormat(i18n.resolvedLanguage, { month: 'numeric', day: 'numeric', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'full', timeZone: 'UTC' });
  const points = data.map((point) => ({ ...point, label: short.format(dayOf(point.date)) }));
  const axis = { stroke: 'var(--color-muted-foreground)', fontSize: 12, tickLine: false } as const;
  const tooltip = (
    <Tooltip
      cursor={{ fill: 'var(--color-accent)' }}
      formatter={(value) => [formatValue(Number(value)), title]}
      labelFormatter={(_label, payload) => {
        const date = payload?.[0]?.payload?.date;
        return typeof date === 'string' ? long.format(dayOf(date)) : '';
      }}
      contentStyle={{ background: 'var(--color-card)', border: '1px solid var(--color-border)', borderRadius: 6 }}
    />
  );
  return (
    <figure aria-labelledby={`${id}-title`} className="flex flex-col gap-2">
      <figcaption id={`${id}-title`} className="text-sm font-medium">
        {title}
      </figcaption>
      {/* inert: the drawing is neither focusable nor read; the table below carries the numbers. */}
      <div className="h-48 w-full" inert>
        <ResponsiveContainer width="100%" height="100%">
          {kind === 'bar' ? (
            <BarChart accessibilityLayer={false} data={points} margin={{ top: 4, right: 4, bottom: 0, left: -16 }}>
              <CartesianGrid vertical={false} stroke="var(--color-border)" />
              <XAxis dataKey="label" {...axis} interval="preserveStartEnd" />
              <YAxis allowDecimals={false} {...axis} />
              {tooltip}
              <Bar dataKey="value" fill={color} radius={[3, 3, 0, 0]} isAnimationActive={false} />
            </BarChart>
          ) : (
            <LineChart accessibilityLayer={false} data={points} margin={{ top: 4, right: 4, bottom: 0, left: -16 }}>
              <CartesianGrid vertical={false} stroke="var(--color-border)" />
              <XAxis dataKey="label" {...axis} interval="preserveStartEnd" />
              <YAxis allowDecimals={false} {...axis} />
              {tooltip}
              <Line dataKey="value" stroke={color} strokeWidth={2} dot={false} isAnimationActive={false} />
            </LineChart>
          )}
        </ResponsiveContainer>
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
