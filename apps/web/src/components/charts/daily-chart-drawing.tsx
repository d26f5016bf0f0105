import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export type ChartPoint = { date: string; value: number; label: string };

/** The drawing of a `DailyChart` (recharts, a large library): loaded when a chart is first shown. */
export function DailyChartDrawing({
  title,
  points,
  kind,
  formatValue,
  formatDay,
  color,
}: {
  title: string;
  points: ChartPoint[];
  kind: 'bar' | 'line';
  formatValue: (value: number) => string;
  formatDay: (date: string) => string;
  color: string;
}) {
  const axis = { stroke: 'var(--color-muted-foreground)', fontSize: 12, tickLine: false } as const;
  const tooltip = (
    <Tooltip
      cursor={{ fill: 'var(--color-accent)' }}
      formatter={(value) => [formatValue(Number(value)), title]}
      labelFormatter={(_label, payload) => {
        const date = payload?.[0]?.payload?.date;
        return typeof date === 'string' ? formatDay(date) : '';
      }}
      contentStyle={{ background: 'var(--color-card)', border: '1px solid var(--color-border)', borderRadius: 6 }}
    />
  );
  return (
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
  );
}
