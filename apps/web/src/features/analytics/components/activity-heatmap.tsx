import { useTranslation } from 'react-i18next';
import { useFormatMinutes } from '@/lib/format-duration';
import { dateTimeFormat } from '@/lib/intl-formats';

type Day = { date: string; study_minutes: number; xp: number; lessons_completed: number };

const LEVEL_CLASSES = ['bg-muted', 'bg-primary/25', 'bg-primary/50', 'bg-primary/75', 'bg-primary'];

/** 0 for no activity, then 1-4 by minutes; a day with XP or a lesson but no timed study still shows as level 1. */
export function activityLevel(day: Day, busiest: number): number {
  if (day.study_minutes === 0) return day.xp > 0 || day.lessons_completed > 0 ? 1 : 0;
  if (busiest <= 0) return 1;
  return Math.min(4, Math.max(1, Math.ceil((day.study_minutes / busiest) * 4)));
}

const weekdayOf = (date: string) => (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;

/** Weeks as columns, Monday to Sunday as rows; the grid is summarised for screen readers, each day has a tooltip. */
export function ActivityHeatmap({ days }: { days: Day[] }) {
  const { t, i18n } = useTranslation('analytics');
  const formatMinutes = useFormatMinutes();
  const long = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeZone: 'UTC' });
  const busiest = Math.max(0, ...days.map((day) => day.study_minutes));
  const activeDays = days.filter((day) => activityLevel(day, busiest) > 0).length;
  const first = days[0];
  const cells: (Day | null)[] = [...Array.from({ length: first ? weekdayOf(first.date) : 0 }, () => null), ...days];
  const weeks = Math.ceil(cells.length / 7);
  const top = days.reduce<Day | null>(
    (best, day) => (day.study_minutes > (best?.study_minutes ?? 0) ? day : best),
    null,
  );
  const summary = top
    ? t('heatmap.summaryBusiest', {
        active: activeDays,
        total: days.length,
        date: long.format(new Date(`${top.date}T12:00:00Z`)),
        minutes: formatMinutes(top.study_minutes),
      })
    : t('heatmap.summary', { active: activeDays, total: days.length });
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto">
        <div
          role="img"
          aria-label={summary}
          className="grid w-max grid-flow-col gap-1"
          style={{ gridTemplateRows: 'repeat(7, 1rem)', gridTemplateColumns: `repeat(${weeks}, 1rem)` }}
        >
          {cells.map((day, index) =>
            day ? (
              <span
                key={day.date}
                title={t('heatmap.day', {
                  date: long.format(new Date(`${day.date}T12:00:00Z`)),
                  minutes: formatMinutes(day.study_minutes),
                  xp: day.xp,
                })}
                className={`rounded-sm ${LEVEL_CLASSES[activityLevel(day, busiest)]}`}
              />
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: leading blanks only pad the first week.
              <span key={`pad-${index}`} />
            ),
          )}
        </div>
      </div>
      <p className="text-sm text-muted-foreground">{summary}</p>
      <div className="flex items-center gap-1 text-xs text-muted-foreground" aria-hidden="true">
        <span className="mr-1">{t('heatmap.less')}</span>
        {LEVEL_CLASSES.map((level) => (
          <span key={level} className={`size-3 rounded-sm ${level}`} />
        ))}
        <span className="ml-1">{t('heatmap.more')}</span>
      </div>
    </div>
  );
}
