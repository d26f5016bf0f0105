import type { StudyOverview } from '@portal/shared/study';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { useFormatMinutes } from '@/lib/format-duration';
import { useDisplayFormats } from '@/lib/profile';

/** Study time this week and the latest sessions. */
export function StudyWeek({ overview }: { overview: StudyOverview }) {
  const { t } = useTranslation('study');
  const minutes = useFormatMinutes();
  const { formatDate, formatTime } = useDisplayFormats();
  const { week, recent } = overview;
  return (
    <aside aria-labelledby="study-week-heading" className="flex flex-col gap-4" data-nonessential>
      <Card className="flex items-center gap-3 p-4">
        <span className="rounded-md bg-accent p-2">
          <Clock className="size-5 text-primary" aria-hidden="true" />
        </span>
        <span className="flex flex-col">
          <h2 id="study-week-heading" className="text-sm font-normal text-muted-foreground">
            {t('week.title')}
          </h2>
          <span className="text-lg font-semibold">{minutes(Math.floor(week.study_seconds / 60))}</span>
          <span className="text-xs text-muted-foreground">
            {t('week.sessions', { count: week.sessions_completed })}
          </span>
        </span>
      </Card>
      <Card className="p-4">
        <h2 className="mb-3 text-base font-semibold">{t('recent.title')}</h2>
        {recent.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('recent.empty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {recent.map((session) => {
              const started = new Date(session.started_at);
              return (
                <li
                  key={session.id}
                  className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2 text-sm"
                >
                  <span className="font-medium">{t(`modes.${session.mode}.label`)}</span>
                  <span className="text-muted-foreground">
                    {t('recent.when', { date: formatDate(started), time: formatTime(started) })}
                  </span>
                  <span className="w-full text-muted-foreground">
                    {t('recent.focused', { duration: minutes(Math.floor(session.focused_seconds / 60)) })}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </Card>
    </aside>
  );
}
