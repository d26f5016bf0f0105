import { cn } from '@/lib/utils';

/** A 0-1 share as a bar that screen readers announce with its value in words. */
export function ProgressBar({
  value,
  label,
  valueText,
  className,
}: {
  value: number;
  label: string;
  valueText: string;
  className?: string;
}) {
  const percent = Math.round(Math.max(0, Math.min(1, value)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className={cn('h-2.5 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div
        className={cn('h-full rounded-full transition-[width]', percent === 100 ? 'bg-success' : 'bg-primary')}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
