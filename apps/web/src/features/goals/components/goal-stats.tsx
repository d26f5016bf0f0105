import type { GoalStats as Stats } from '@portal/shared/goals';
import { AlertTriangle, CheckCircle2, Gauge, Target } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { numberFormat } from '@/lib/intl-formats';

/** Active, completed, average progress of the active goals, and how many are at risk. */
export function GoalStats({ stats }: { stats: Stats }) {
  const { t, i18n } = useTranslation('goals');
  const number = numberFormat(i18n.resolvedLanguage);
  const items = [
    { key: 'active', icon: Target, value: number.format(stats.active) },
    { key: 'completed', icon: CheckCircle2, value: number.format(stats.completed) },
    {
      key: 'averageProgress',
      icon: Gauge,
      value: stats.average_progress === null ? null : `${stats.average_progress}%`,
    },
    { key: 'atRisk', icon: AlertTriangle, value: number.format(stats.at_risk) },
  ] as const;
  return (
    <section aria-labelledby="goal-stats-heading" className="mb-6">
      <h2 id="goal-stats-heading" className="sr-only">
        {t('stats.heading')}
      </h2>
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {items.map((item) => (
          <li key={item.key}>
            <Card className="flex h-full items-center gap-3 p-4">
              <span className="rounded-md bg-accent p-2">
                <item.icon className="size-5 text-primary" aria-hidden="true" />
              </span>
              <span className="flex min-w-0 flex-col">
                <span className="text-sm text-muted-foreground">{t(`stats.${item.key}`)}</span>
                <span className="text-lg font-semibold">
                  {item.value ?? (
                    <>
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">{t('stats.noActiveGoals')}</span>
                    </>
                  )}
                </span>
              </span>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
