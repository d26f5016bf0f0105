import type { FlashcardStats } from '@portal/shared/flashcards-stats';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '@/lib/intl-formats';

const KINDS = [
  { key: 'new', color: 'bg-sky-500' },
  { key: 'learning', color: 'bg-amber-500' },
  { key: 'young', color: 'bg-lime-500' },
  { key: 'mature', color: 'bg-emerald-700' },
  { key: 'suspended', color: 'bg-muted-foreground' },
] as const;

/** Cards by maturity as one stacked bar (decoration) and a list with the numbers. */
export function MaturityBreakdown({ maturity }: { maturity: FlashcardStats['maturity'] }) {
  const { t, i18n } = useTranslation('flashcards-stats');
  const number = numberFormat(i18n.resolvedLanguage);
  const total = KINDS.reduce((sum, kind) => sum + maturity[kind.key], 0);
  return (
    <div className="flex flex-col gap-3">
      {total > 0 ? (
        <div className="flex h-3 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
          {KINDS.map((kind) => (
            <span key={kind.key} className={kind.color} style={{ width: `${(maturity[kind.key] / total) * 100}%` }} />
          ))}
        </div>
      ) : null}
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-5">
        {KINDS.map((kind) => (
          <div key={kind.key} className="flex items-center gap-2">
            <dt className="flex items-center gap-2">
              <span className={`size-3 rounded-sm ${kind.color}`} aria-hidden="true" />
              {t(`maturity.${kind.key}`)}
            </dt>
            <dd className="ml-auto font-medium tabular-nums">{number.format(maturity[kind.key])}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
