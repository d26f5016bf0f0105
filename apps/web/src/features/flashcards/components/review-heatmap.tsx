import type { FlashcardStats } from '@portal/shared/flashcards-stats';
import { STATS_HISTORY_DAYS } from '@portal/shared/flashcards-stats';
import { shiftLocalDate } from '@portal/shared/time-zone';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '@/lib/intl-formats';

const LEVELS = ['bg-muted', 'bg-primary/25', 'bg-primary/50', 'bg-primary/75', 'bg-primary'];
const dayOf = (date: string) => new Date(`${date}T12:00:00Z`);

/** 0 for a day without reviews, then 1-4 by the share of the busiest day. */
export const reviewLevel = (reviews: number, busiest: number) =>
  reviews === 0 ? 0 : Math.min(4, Math.max(1, Math.ceil((reviews / Math.max(busiest, 1)) * 4)));

/** A year of reviews, weeks as columns and Monday to Sunday as rows; summarised for screen readers. */
export function ReviewHeatmap({ stats }: { stats: FlashcardStats }) {
  const { t, i18n } = useTranslation('flashcards-stats');
  const long = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeZone: 'UTC' });
  const counts = new Map(stats.reviews_by_day.map((day) => [day.date, day.reviews]));
  const days = Array.from({ length: STATS_HISTORY_DAYS }, (_, index) => {
    const date = shiftLocalDate(stats.today, index + 1 - STATS_HISTORY_DAYS);
    return { date, reviews: counts.get(date) ?? 0 };
  });
  const busiest = Math.max(0, ...days.map((day) => day.reviews));
  const padding = (dayOf(days[0]?.date ?? stats.today).getUTCDay() + 6) % 7;
  const total = days.reduce((sum, day) => sum + day.reviews, 0);
  const summary = t('heatmap.summary', {
    active: stats.reviews_by_day.length,
    total: days.length,
    reviews: total,
    busiest,
  });
  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-x-auto">
        <div
          role="img"
          aria-label={summary}
          className="grid w-max grid-flow-col gap-1"
          style={{
            gridTemplateRows: 'repeat(7, 0.75rem)',
            gridTemplateColumns: `repeat(${Math.ceil((days.length + padding) / 7)}, 0.75rem)`,
          }}
        >
          {Array.from({ length: padding }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: blanks only pad the first week.
            <span key={`pad-${index}`} />
          ))}
          {days.map((day) => (
            <span
              key={day.date}
              title={t('heatmap.day', { date: long.format(dayOf(day.date)), count: day.reviews })}
              className={`rounded-sm ${LEVELS[reviewLevel(day.reviews, busiest)]}`}
            />
          ))}
        </div>
      </div>
      <p className="text-sm text-muted-foreground">{summary}</p>
    </div>
  );
}
