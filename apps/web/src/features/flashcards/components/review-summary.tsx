import { FLASHCARD_RATINGS, type FlashcardRating } from '@portal/shared/flashcards';
import { CalendarClock, PartyPopper } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { formatInterval } from '../utils/format-interval';

export type SessionRating = { rating: FlashcardRating; durationMs: number };

/** The end of a session: how it went (when the learner rated anything) and how many cards come back tomorrow. */
export function ReviewSummary({
  history,
  dueTomorrow,
  backTo,
  backLabel,
  undoButton,
}: {
  history: SessionRating[];
  dueTomorrow: number;
  backTo: string;
  backLabel: string;
  undoButton: ReactNode;
}) {
  const { t, i18n } = useTranslation('flashcards');
  const totalSeconds = Math.round(history.reduce((sum, entry) => sum + entry.durationMs, 0) / 1000);
  const Icon = history.length ? PartyPopper : CalendarClock;
  return (
    <section
      aria-labelledby="review-summary-heading"
      className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 rounded-xl border border-border bg-card px-6 py-10 text-center shadow-sm"
    >
      <div className="rounded-full bg-accent p-3" data-celebration={history.length ? '' : undefined}>
        <Icon className="size-6 text-primary" aria-hidden="true" />
      </div>
      <h2 id="review-summary-heading" className="text-lg font-semibold focus:outline-none" tabIndex={-1}>
        {history.length ? t('summary.doneTitle') : t('summary.emptyTitle')}
      </h2>
      {history.length ? (
        <>
          <p className="text-sm text-muted-foreground">
            {totalSeconds < 60
              ? t('summary.reviewedQuickly', { count: history.length })
              : t('summary.reviewed', {
                  count: history.length,
                  time: formatInterval(totalSeconds, i18n.resolvedLanguage ?? 'en', 'long'),
                })}
          </p>
          <dl className="grid w-full grid-cols-4 gap-2 text-sm">
            {FLASHCARD_RATINGS.map((rating) => (
              <div key={rating} className="rounded-md bg-muted px-2 py-2">
                <dt className="text-muted-foreground">{t(`ratings.${rating}`)}</dt>
                <dd className="text-lg font-semibold tabular-nums">
                  {history.filter((entry) => entry.rating === rating).length}
                </dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{t('summary.emptyDescription')}</p>
      )}
      <p className="text-sm font-medium" data-testid="due-tomorrow">
        {t('summary.dueTomorrow', { count: dueTomorrow })}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to={backTo}>{backLabel}</Link>
        </Button>
        {undoButton}
      </div>
    </section>
  );
}
