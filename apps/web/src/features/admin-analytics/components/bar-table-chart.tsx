import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartTable } from '@/components/charts/chart-table';

export type ChartBar<Row> = { label: string; color: string; value: (row: Row) => number };
export type TableColumn<Row> = { label: string; value: (row: Row) => string };

/**
 * Bars per category (a course, a package, a bucket). The drawing is hidden from assistive technology; the same
 * numbers, and any the bars leave out, are in a table that keyboard and screen-reader users reach directly.
 */
export function BarTableChart<Row>({
  title,
  rows,
  rowKey,
  rowLabel,
  categoryLabel,
  bars,
  columns,
}: {
  title: string;
  rows: Row[];
  rowKey: (row: Row) => string;
  rowLabel: (row: Row) => string;
  /** Header of the table's first column (what a row is). */
  categoryLabel: string;
  bars: ChartBar<Row>[];
  columns: TableColumn<Row>[];
}) {
  const id = useId();
  const points = rows.map((row) => ({
    label: rowLabel(row),
    ...Object.fromEntries(bars.map((bar, index) => [`v${index}`, bar.value(row)])),
  }));
  const axis = { stroke: 'var(--color-muted-foreground)', fontSize: 12, tickLine: false } as const;
  return (
    <figure aria-labelledby={`${id}-title`} className="flex flex-col gap-2">
      <figcaption id={`${id}-title`} className="text-sm font-medium">
        {title}
      </figcaption>
      {/* inert: the drawing is neither focusable nor read; the table below carries the numbers. */}
      <div className="h-56 w-full" inert>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={points} margin={{ top: 4, right: 4, bottom: 0, left: -16 }}>
            <CartesianGrid vertical={false} stroke="var(--color-border)" />
            <XAxis dataKey="label" {...axis} interval="preserveStartEnd" />
            <YAxis allowDecimals={false} {...axis} />
            <Tooltip
              cursor={{ fill: 'var(--color-accent)' }}
              contentStyle={{
                background: 'var(--color-card)',
                border: '1px solid var(--color-border)',
                borderRadius: 6,
              }}
            />
            {bars.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
            {bars.map((bar, index) => (
              <Bar
                key={bar.label}
                dataKey={`v${index}`}
                name={bar.label}
                fill={bar.color}
                radius={[3, 3, 0, 0]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ChartTable
        title={title}
        columns={[categoryLabel, ...columns.map((column) => column.label)]}
        rows={rows.map((row) => ({
          key: rowKey(row),
          cells: [rowLabel(row), ...columns.map((column) => column.value(row))],
        }))}
      />
    </figure>
  );
}
