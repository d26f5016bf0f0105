import type { OptimizerFit, OptimizerStatus } from '@portal/shared/flashcards-stats';
import { Loader2, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { numberFormat } from '@/lib/intl-formats';
import { useOptimizerStatus, useResetOptimizer, useStartOptimizer } from '../api/flashcard-optimizer';

function FitTable({ status }: { status: OptimizerStatus & { before: OptimizerFit; after: OptimizerFit } }) {
  const { t, i18n } = useTranslation('flashcards-stats');
  const percent = numberFormat(i18n.resolvedLanguage, { style: 'percent', maximumFractionDigits: 1 });
  const decimal = numberFormat(i18n.resolvedLanguage, { maximumFractionDigits: 4 });
  const rows = [
    {
      key: 'expected',
      before: status.expected_retention ? percent.format(status.expected_retention.before) : '—',
      after: status.expected_retention ? percent.format(status.expected_retention.after) : '—',
    },
    { key: 'logLoss', before: decimal.format(status.before.log_loss), after: decimal.format(status.after.log_loss) },
    { key: 'rmse', before: percent.format(status.before.rmse), after: percent.format(status.after.rmse) },
  ];
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{t('optimizer.tableCaption')}</caption>
      <thead>
        <tr>
          <th scope="col" className="py-1 pr-4 font-medium">
            {t('optimizer.measure')}
          </th>
          <th scope="col" className="py-1 pr-4 font-medium">
            {t('optimizer.before')}
          </th>
          <th scope="col" className="py-1 pr-4 font-medium">
            {t('optimizer.after')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-t border-border">
            <th scope="row" className="py-1 pr-4 font-normal">
              {t(`optimizer.measures.${row.key}`)}
            </th>
            <td className="py-1 pr-4 tabular-nums">{row.before}</td>
            <td className="py-1 pr-4 tabular-nums">{row.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * "Optimize my parameters": fits FSRS to the learner's own reviews on the server once there are enough, shows how
 * well the defaults and the fitted parameters predict their recalls, and goes back to the defaults on request.
 */
export function OptimizerPanel() {
  const { t, i18n } = useTranslation('flashcards-stats');
  const status = useOptimizerStatus();
  const start = useStartOptimizer();
  const reset = useResetOptimizer();
  const number = numberFormat(i18n.resolvedLanguage);
  const percent = numberFormat(i18n.resolvedLanguage, { style: 'percent', maximumFractionDigits: 1 });
  if (status.isPending) return <Spinner label={t('optimizer.loading')} />;
  if (!status.data) return <Alert variant="destructive">{t('optimizer.loadFailed')}</Alert>;
  const data = status.data;
  const missing = Math.max(0, data.min_reviews - data.review_count);
  const running = data.state === 'running' || start.isPending;
  const message =
    data.state === 'running'
      ? t('optimizer.running')
      : data.state === 'failed'
        ? t('optimizer.failed')
        : data.state === 'optimized'
          ? t('optimizer.optimized')
          : t('optimizer.default');
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">{t('optimizer.explain')}</p>
      <p role="status" aria-live="polite" className="text-sm font-medium">
        {message}
      </p>
      {missing > 0 ? (
        <p className="text-sm">
          {t('optimizer.needMore', {
            have: number.format(data.review_count),
            need: number.format(data.min_reviews),
            missing: number.format(missing),
          })}
        </p>
      ) : null}
      {data.before && data.after ? (
        <>
          <FitTable status={{ ...data, before: data.before, after: data.after }} />
          {data.actual_retention !== null ? (
            <p className="text-sm text-muted-foreground">
              {t('optimizer.actual', { retention: percent.format(data.actual_retention) })}
            </p>
          ) : null}
        </>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          disabled={missing > 0 || running}
          onClick={() => start.mutate(undefined, { onError: () => toast.error(t('optimizer.startFailed')) })}
        >
          {running ? (
            <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />
          ) : (
            <Sparkles aria-hidden="true" />
          )}
          {t('optimizer.optimize')}
        </Button>
        {data.weights ? (
          <Button
            type="button"
            variant="outline"
            disabled={reset.isPending || running}
            onClick={() =>
              reset.mutate(undefined, {
                onSuccess: () => toast.success(t('optimizer.resetDone')),
                onError: () => toast.error(t('optimizer.resetFailed')),
              })
            }
          >
            {t('optimizer.reset')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
