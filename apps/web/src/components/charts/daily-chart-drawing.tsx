export type ChartPoint = { date: string; value: number; label: string };

/** At most this many day labels under a chart; with more days, every second (third, ...) day is named. */
const MAX_DAY_LABELS = 7;
const TICKS = 4;

/** The largest value on the axis and its step: whole numbers of 1, 2 or 5 times a power of ten, at least 1. */
export function valueAxis(values: number[]): { top: number; step: number } {
  const highest = Math.max(0, ...values);
  const raw = Math.max(1, highest / TICKS);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw) ?? raw);
  return { top: Math.max(step, Math.ceil(highest / step) * step), step };
}

/**
 * The drawing of a `DailyChart`: bars or a line over a grid, as plain SVG. It is decorative (the chart's table
 * carries the numbers, and the drawing is inert), so it draws in a fraction of the time and code a charting library
 * takes. The plot stretches to its box; strokes keep their width.
 */
export function DailyChartDrawing({
  points,
  kind,
  color,
}: {
  points: ChartPoint[];
  kind: 'bar' | 'line';
  color: string;
}) {
  const { top, step } = valueAxis(points.map((point) => point.value));
  const ticks = Array.from({ length: Math.floor(top / step) + 1 }, (_, index) => index * step);
  const count = Math.max(points.length, 1);
  const labelEvery = Math.ceil(count / MAX_DAY_LABELS);
  const y = (value: number) => top - value;
  return (
    <div className="flex h-full gap-2 text-xs text-muted-foreground" aria-hidden="true">
      <div className="relative mb-5 w-8 shrink-0">
        {ticks.map((tick) => (
          <span
            key={tick}
            className="absolute right-0 translate-y-1/2 tabular-nums"
            style={{ bottom: `${(tick / top) * 100}%` }}
          >
            {tick}
          </span>
        ))}
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <svg
          className="min-h-0 w-full flex-1 overflow-visible"
          viewBox={`0 0 ${count} ${top}`}
          preserveAspectRatio="none"
          aria-hidden="true"
        >
          {ticks.map((tick) => (
            <line
              key={tick}
              x1={0}
              x2={count}
              y1={y(tick)}
              y2={y(tick)}
              stroke="var(--color-border)"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {kind === 'bar' ? (
            points.map((point, index) => (
              <rect
                key={point.date}
                x={index + 0.15}
                width={0.7}
                y={y(point.value)}
                height={point.value}
                fill={color}
              />
            ))
          ) : (
            <polyline
              points={points.map((point, index) => `${index + 0.5},${y(point.value)}`).join(' ')}
              fill="none"
              stroke={color}
              strokeWidth={2}
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
          )}
        </svg>
        <div className="flex h-5 items-end">
          {points.map((point, index) => (
            <span key={point.date} className="relative h-4 min-w-0 flex-1">
              {(points.length - 1 - index) % labelEvery === 0 ? (
                <span className="absolute left-1/2 -translate-x-1/2 whitespace-nowrap">{point.label}</span>
              ) : null}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}
