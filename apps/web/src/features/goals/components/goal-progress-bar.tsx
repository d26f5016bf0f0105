import { cn } from '@/lib/utils';

/** A goal's progress (0-100) as a bar screen readers announce with its value in words. */
export function GoalProgressBar({
  percent,
  label,
  valueText,
  atRisk = false,
}: {
  percent: number;
  label: string;
  valueText: string;
  atRisk?: boolean;
}) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
    >
      <div
        className={cn(
          'h-full rounded-full transition-[width]',
          value === 100 ? 'bg-success' : atRisk ? 'bg-warning' : 'bg-primary',
        )}
        style={{ width: `${value}%` }}
      />
    </div>
  );
}
