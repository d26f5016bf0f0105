import { FLASHCARD_RATINGS, type FlashcardRating, type ReviewQueue } from '@portal/shared/flashcards';
import type { Tier } from '@portal/shared/tiers';
import { Eye, Undo2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { PlanUpgrade } from '@/components/plan-upgrade';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { useReviewQueue } from '../api/get-review-queue';
import { useRateCard } from '../api/rate-card';
import { useUndoRating } from '../api/undo-rating';
import { FLASHCARDS_PATH } from '../paths';
import { formatInterval } from '../utils/format-interval';
import { CardMarkdown } from './card-markdown';
import { CardSource } from './card-source';
import { ReviewProgress } from './review-progress';
import { ReviewSummary, type SessionRating } from './review-summary';

const RATING_STYLES: Record<FlashcardRating, string> = {
  again: 'border-destructive/60 hover:bg-destructive/10',
  hard: 'border-warning/70 hover:bg-warning/10',
  good: 'border-success/70 hover:bg-success/10',
  easy: 'border-primary/60 hover:bg-accent',
};

/** A fresh key per card shown: sending a rating twice (double press, retry) then counts once on the server. */
const newKey = () =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36)}`;

/** Key names are the same in every language. */
const UNDO_KEY = 'Z';

type Attempt = { round: string; key: string; shownAt: number };

/** Keys typed into a field or pressed inside a dialog are not review shortcuts. */
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  Boolean(target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]'));

/**
 * One card at a time: Show answer (Space), then Again/Hard/Good/Easy (1–4) with the interval the server gives each,
 * undo (Z), what is left, and a summary when nothing is left. The server decides every interval.
 */
export function ReviewSession({
  deckId,
  backTo,
  backLabel,
}: {
  deckId?: string;
  backTo: string;
  /** The summary's way out. */
  backLabel: string;
}) {
  const { t, i18n } = useTranslation('flashcards');
  const language = i18n.resolvedLanguage ?? 'en';
  const headingId = useId();
  const answerId = useId();
  const queue = useReviewQueue(deckId);
  const rate = useRateCard();
  const undo = useUndoRating();
  const [step, setStep] = useState(0);
  const [revealedRound, setRevealedRound] = useState<string | null>(null);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [history, setHistory] = useState<SessionRating[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const showButton = useRef<HTMLButtonElement>(null);
  const goodButton = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<'show' | 'good' | null>(null);
  // The keys of this tab's ratings, latest last: undo names the one it undoes.
  const ratedKeys = useRef<string[]>([]);

  const card = queue.data?.cards[0];
  const round = `${card?.id ?? 'none'}:${step}`;
  const revealed = revealedRound === round;
  if (card && attempt?.round !== round) setAttempt({ round, key: newKey(), shownAt: Date.now() });
  const busy = rate.isPending || undo.isPending;
  const canUndo = Boolean(queue.data?.can_undo) && !busy;

  useEffect(() => {
    // After a rating the next card's Show answer button takes focus, or the summary's heading when none is left.
    const target =
      focusNext.current === 'good'
        ? goodButton.current
        : (showButton.current ?? document.getElementById('review-summary-heading'));
    if (focusNext.current && target) {
      target.focus();
      focusNext.current = null;
    }
  });

  const reveal = () => {
    if (!card || revealed) return;
    focusNext.current = 'good';
    setRevealedRound(round);
  };

  const submit = (rating: FlashcardRating) => {
    if (!card || !attempt || !revealed || busy) return;
    const durationMs = Date.now() - attempt.shownAt;
    const interval = formatInterval(card.intervals[rating].seconds, language, 'long');
    rate.mutate(
      { cardId: card.id, rating, idempotencyKey: attempt.key, durationMs, due: card.due },
      {
        onSuccess: () => {
          ratedKeys.current.push(attempt.key);
          setHistory((previous) => [...previous, { rating, durationMs }]);
          setAnnouncement(t('review.rated', { rating: t(`ratings.${rating}`), interval }));
          focusNext.current = 'show';
          setStep((value) => value + 1);
        },
        onError: (error) => {
          // Rated in another tab, or deleted there: nothing to save here; the queue moves on without it.
          if (error instanceof ApiError && error.reasons.includes('reviewed_elsewhere')) {
            toast.info(t('review.ratedElsewhere'));
          } else if (error instanceof ApiError && error.status === 404) {
            toast.info(t('review.cardGone'));
          } else {
            toast.error(t('review.rateFailed'));
          }
          void queue.refetch();
        },
      },
    );
  };

  const undoLast = () => {
    if (!canUndo) return;
    undo.mutate(ratedKeys.current.at(-1), {
      onSuccess: () => {
        ratedKeys.current.pop();
        setHistory((previous) => previous.slice(0, -1));
        setAnnouncement(t('review.undone'));
        focusNext.current = 'show';
        setStep((value) => value + 1);
      },
      onError: (error) =>
        error instanceof ApiError && error.reasons.includes('rated_elsewhere')
          ? toast.info(t('review.undoElsewhere'))
          : toast.error(t('review.undoFailed')),
    });
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || typingIn(event.target)) return;
      const onControl = event.target instanceof HTMLElement && event.target.closest('button, a');
      if (!revealed && (event.key === ' ' || event.key === 'Enter') && !onControl) {
        event.preventDefault();
        reveal();
      } else if (revealed && /^[1-4]$/.test(event.key)) {
        event.preventDefault();
        submit(FLASHCARD_RATINGS[Number(event.key) - 1] as FlashcardRating);
      } else if (event.key === 'z' || event.key === 'Z') {
        event.preventDefault();
        undoLast();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (queue.isPending) return <Spinner label={t('review.loading')} />;
  if (queue.error instanceof ApiError && queue.error.code === 'subscription_required') {
    return <PlanUpgrade tier={(queue.error.reasons[0] as Tier | undefined) ?? 'me'} feature={t('feature')} />;
  }
  if (queue.error instanceof ApiError && (queue.error.status === 404 || queue.error.status === 400)) {
    // A deck deleted (in another tab, say) or a link that names none: say so, and lead back to the decks.
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert variant="warning">{t('deck.notFoundTitle')}</Alert>
        <Button asChild variant="outline">
          <Link to={FLASHCARDS_PATH}>{t('summary.back')}</Link>
        </Button>
      </div>
    );
  }
  if (queue.isError) return <Alert variant="destructive">{t('review.loadFailed')}</Alert>;
  const data: ReviewQueue = queue.data;

  const status = (
    <p className="sr-only" role="status">
      {announcement}
    </p>
  );
  const undoButton = (
    <Button variant="outline" size="sm" onClick={undoLast} disabled={!canUndo} aria-keyshortcuts={UNDO_KEY}>
      <Undo2 aria-hidden="true" />
      {t('review.undo')}
      <span className="ml-1 rounded border border-border px-1 text-[0.65rem] text-muted-foreground" aria-hidden="true">
        {UNDO_KEY}
      </span>
    </Button>
  );

  if (!card) {
    return (
      <>
        {status}
        <ReviewSummary
          history={history}
          dueTomorrow={data.due_tomorrow}
          backTo={backTo}
          backLabel={backLabel}
          undoButton={undoButton}
        />
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      {status}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ReviewProgress counts={data.counts} current={card.state} />
        {undoButton}
      </div>
      <article className="flex min-h-72 flex-col rounded-xl border border-border bg-card shadow-sm">
        <header className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-5 py-2.5 text-xs text-muted-foreground">
          <h2 id={headingId} className="font-medium">
            {t('review.question')}
          </h2>
          <span>
            {card.deck_name}
            {card.tags.length ? ` · ${card.tags.map((tag) => `#${tag}`).join(' ')}` : ''}
          </span>
        </header>
        <CardMarkdown text={card.prompt} className="px-6 py-5 text-lg" />
        <div aria-live="polite" aria-atomic="true" id={answerId}>
          {revealed ? (
            <div className="border-t border-dashed border-border">
              <h3 className="px-6 pt-3 text-xs font-medium text-muted-foreground">{t('review.answer')}</h3>
              <CardMarkdown text={card.answer || t('review.noBack')} className="px-6 pb-5 text-lg" />
              {card.source ? (
                <div className="px-6 pb-4">
                  <CardSource source={card.source} />
                </div>
              ) : null}
            </div>
          ) : null}
        </div>
      </article>
      {revealed ? (
        <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-describedby={answerId}>
          <legend className="mb-2 text-sm font-medium">{t('review.howWell')}</legend>
          {FLASHCARD_RATINGS.map((rating, index) => (
            <Button
              key={rating}
              ref={rating === 'good' ? goodButton : undefined}
              variant="outline"
              className={cn('h-auto flex-col gap-0.5 border-2 py-2.5', RATING_STYLES[rating])}
              disabled={busy}
              onClick={() => submit(rating)}
              aria-keyshortcuts={String(index + 1)}
              aria-label={t('review.rateLabel', {
                rating: t(`ratings.${rating}`),
                interval: formatInterval(card.intervals[rating].seconds, language, 'long'),
              })}
            >
              <span className="text-sm font-semibold">{t(`ratings.${rating}`)}</span>
              <span className="text-xs text-muted-foreground">
                {formatInterval(card.intervals[rating].seconds, language)}
              </span>
              <span className="text-[0.65rem] text-muted-foreground" aria-hidden="true">
                {index + 1}
              </span>
            </Button>
          ))}
        </fieldset>
      ) : (
        <Button ref={showButton} size="lg" onClick={reveal} aria-keyshortcuts="Space" className="self-center">
          <Eye aria-hidden="true" />
          {t('review.showAnswer')}
          <span className="ml-1 rounded border border-primary-foreground/40 px-1 text-xs" aria-hidden="true">
            {t('review.spaceKey')}
          </span>
        </Button>
      )}
      <p className="text-center text-xs text-muted-foreground">{t('review.keysHint')}</p>
    </section>
  );
}
