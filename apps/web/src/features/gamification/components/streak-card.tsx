import type { Streaks } from '@portal/shared/gamification';
import { Flame, Snowflake } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';

const dateOf = (day: string) => {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date, 12);
};

/** Monday-first weekday index (0-6) of a YYYY-MM-DD day. */
const weekdayOf = (day: string) => (dateOf(day).getDay() + 6) % 7;

function StreakCalendar({ streaks }: { streaks: Streaks }) {
  const { t, i18n } = useTranslation('gamification');
  const first = streaks.calendar[0]?.day;
  const weekdays = Array.from({ length: 7 }, (_, index) =>
    new Date(2024, 0, 1 + index, 12).toLocaleDateString(i18n.language, { weekday: 'narrow' }),
  );
  const label = (day: string) => dateOf(day).toLocaleDateString(i18n.language, { month: 'long', day: 'numeric' });
  return (
    <div>
      <h3 className="mb-2 text-sm font-medium">{t('streak.calendarTitle')}</h3>
      <div className="grid grid-cols-7 gap-1.5 text-center text-xs text-muted-foreground" aria-hidden="true">
        {weekdays.map((weekday, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: narrow weekday names repeat (T, S)
          <span key={index}>{weekday}</span>
        ))}
      </div>
      <ol className="mt-1 grid grid-cols-7 gap-1.5" aria-label={t('streak.calendarLabel')}>
        {first
          ? Array.from({ length: weekdayOf(first) }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: blank cells before the first day have no identity
              <li key={`blank-${index}`} aria-hidden="true" />
            ))
          : null}
        {streaks.calendar.map((entry) => {
          const isToday = entry.day === streaks.today;
          return (
            <li
              key={entry.day}
              className={cn(
                'flex aspect-square items-center justify-center rounded-md text-xs',
                entry.status === 'active' && 'bg-primary text-primary-foreground',
                entry.status === 'frozen' && 'bg-sky-100 text-sky-900',
                entry.status === 'none' && 'bg-muted text-muted-foreground',
                isToday && 'ring-2 ring-ring ring-offset-1 ring-offset-card',
              )}
            >
              {entry.status === 'frozen' ? (
                <Snowflake className="size-3.5" aria-hidden="true" />
              ) : (
                <span aria-hidden="true">{dateOf(entry.day).getDate()}</span>
              )}
              <span className="sr-only">
                {t(`streak.dayStatus.${entry.status}`, { date: label(entry.day) })}
                {isToday ? ` ${t('streak.today')}` : ''}
              </span>
            </li>
          );
        })}
      </ol>
      <ul className="mt-3 flex flex-wrap gap-4 text-xs text-muted-foreground">
        <li className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-primary" aria-hidden="true" />
          {t('streak.legend.active')}
        </li>
        <li className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-sky-100" aria-hidden="true" />
          {t('streak.legend.frozen')}
        </li>
        <li className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-muted ring-1 ring-border" aria-hidden="true" />
          {t('streak.legend.none')}
        </li>
      </ul>
    </div>
  );
}

/** The learning streak: days in a row, whether today counts yet, freezes held, and the last five weeks. */
export function StreakCard({ streaks }: { streaks: Streaks }) {
  const { t } = useTranslation('gamification');
  const learning = streaks.streaks.find((streak) => streak.type === 'learning');
  const login = streaks.streaks.find((streak) => streak.type === 'login');
  if (!learning) return null;
  const status = learning.today_done ? 'safe' : learning.at_risk ? 'atRisk' : 'start';
  return (
    <Card className="flex flex-col gap-5 p-6">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold">{t('streak.title')}</h2>
          <p className="mt-1 flex items-baseline gap-2">
            <span className="text-3xl font-bold" data-testid="current-streak">
              {learning.current}
            </span>
            <span className="text-sm text-muted-foreground">{t('streak.days', { count: learning.current })}</span>
          </p>
        </div>
        <span
          className={cn(
            'rounded-full p-3',
            learning.today_done ? 'bg-accent text-primary' : 'bg-muted text-muted-foreground',
          )}
        >
          <Flame className="size-6" aria-hidden="true" />
        </span>
      </div>
      <p
        className={cn(
          'rounded-md px-3 py-2 text-sm',
          status === 'atRisk' ? 'bg-warning/15 text-foreground' : 'bg-muted text-foreground',
        )}
      >
        {t(`streak.status.${status}`)}
      </p>
      <dl className="grid grid-cols-3 gap-3 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">{t('streak.longest')}</dt>
          <dd className="font-semibold">{t('streak.days', { count: learning.longest })}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('streak.freezes')}</dt>
          <dd className="flex items-center gap-1 font-semibold">
            <Snowflake className="size-4 text-sky-700" aria-hidden="true" />
            {learning.freezes_held}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('streak.loginDays')}</dt>
          <dd className="font-semibold">{t('streak.days', { count: login?.current ?? 0 })}</dd>
        </div>
      </dl>
      <StreakCalendar streaks={streaks} />
    </Card>
  );
}
