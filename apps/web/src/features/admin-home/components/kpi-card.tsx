import type { Kpi, RateKpi } from '@portal/shared/admin-overview';
import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { numberFormat } from '@/lib/intl-formats';
import { cn } from '@/lib/utils';

type Direction = 'up' | 'down' | 'same';

const ICONS = { up: ArrowUpRight, down: ArrowDownRight, same: Minus } as const;

const directionOf = (change: number | null): Direction =>
  change === null || change === 0 ? 'same' : change > 0 ? 'up' : 'down';

/**
 * One figure of the period with how it moved since the period before. The direction is said in words (and shown by
 * an arrow); colour only repeats it.
 */
export function KpiCard({ label, figure, range }: { label: string; figure: Kpi | RateKpi; range: number }) {
  const { t, i18n } = useTranslation('admin-home');
  const number = numberFormat(i18n.resolvedLanguage, { maximumFractionDigits: 1 });
  const isRate = !('change_percent' in figure);
  const show = (value: number | null) =>
    value === null ? t('kpi.none') : isRate ? t('kpi.percent', { value: number.format(value) }) : number.format(value);
  const direction = directionOf(figure.change);
  const Icon = ICONS[direction];
  const amount = figure.change === null ? '' : number.format(Math.abs(figure.change));
  const percent =
    'change_percent' in figure && figure.change_percent !== null
      ? t('kpi.changePercent', { value: number.format(Math.abs(figure.change_percent)) })
      : '';
  const changeText =
    figure.change === null
      ? t('kpi.noComparison', { count: range })
      : t(`kpi.${direction}${isRate ? 'Points' : ''}`, {
          amount,
          percent,
          previous: show(figure.previous),
          count: range,
        });
  return (
    <Card className="flex flex-col gap-1 p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{show(figure.current)}</dd>
      <dd className="flex items-center gap-1 text-xs text-muted-foreground">
        <Icon
          className={cn(
            'size-3.5 shrink-0',
            direction === 'up' && 'text-success',
            direction === 'down' && 'text-destructive',
          )}
          aria-hidden="true"
        />
        <span>{changeText}</span>
      </dd>
    </Card>
  );
}
