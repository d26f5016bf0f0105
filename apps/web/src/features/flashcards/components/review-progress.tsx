import type { FlashcardState, ReviewCounts } from '@portal/shared/flashcards';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

const KINDS = [
  { key: 'new', states: ['new'], tone: 'text-primary' },
  { key: 'learning', states: ['learning', 'relearning'], tone: 'text-destructive' },
  { key: 'review', states: ['review'], tone: 'text-success' },
] as const satisfies ReadonlyArray<{ key: keyof ReviewCounts; states: readonly FlashcardState[]; tone: string }>;

/** What is left to study now: new, learning and review cards; the kind of the card shown is underlined. */
export function ReviewProgress({ counts, current }: { counts: ReviewCounts; current?: FlashcardState }) {
  const { t } = useTranslation('flashcards');
  return (
    <dl className="flex flex-wrap gap-4 text-sm" aria-label={t('progress.label')}>
      {KINDS.map(({ key, states, tone }) => {
        const isCurrent = current !== undefined && (states as readonly FlashcardState[]).includes(current);
        return (
          <div key={key} className="flex items-baseline gap-1.5">
            <dt className="text-muted-foreground">{t(`progress.${key}`)}</dt>
            <dd
              className={cn('font-semibold tabular-nums', tone, isCurrent && 'underline underline-offset-4')}
              aria-current={isCurrent ? 'true' : undefined}
            >
              {counts[key]}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
