import { cn } from '@/lib/utils';

/** A labelled progress bar (0-100) that screen readers announce with its value, in words when given. */
export function ProgressBar({
  value,
  label,
  valueText,
  tone = 'default',
  className,
}: {
  value: number;
  label: string;
  valueText?: string;
  /** `warning` for something behind schedule; a full bar turns to success either way. */
  tone?: 'default' | 'warning';
  className?: string;
}) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div
        className={cn(
          'h-full rounded-full transition-[width]',
          percent === 100 ? 'bg-success' : tone === 'warning' ? 'bg-warning' : 'bg-primary',
        )}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
