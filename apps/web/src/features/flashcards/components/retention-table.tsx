import type { FlashcardStats, PassFail } from '@portal/shared/flashcards-stats';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '@/lib/intl-formats';

/** Anki's true retention: the share of review-card ratings that were not Again, young and mature apart. */
export function RetentionTable({ retention }: { retention: FlashcardStats['retention'] }) {
  const { t, i18n } = useTranslation('flashcards-stats');
  const percent = numberFormat(i18n.resolvedLanguage, { style: 'percent', maximumFractionDigits: 1 });
  const cell = ({ passed, failed }: PassFail) =>
    passed + failed === 0 ? t('retention.none') : `${percent.format(passed / (passed + failed))} (${passed + failed})`;
  const sum = (a: PassFail, b: PassFail) => ({ passed: a.passed + b.passed, failed: a.failed + b.failed });
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('retention.heading')}</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-4 font-medium">
              {t('retention.period')}
            </th>
            <th scope="col" className="py-1 pr-4 font-medium">
              {t('retention.young')}
            </th>
            <th scope="col" className="py-1 pr-4 font-medium">
              {t('retention.mature')}
            </th>
            <th scope="col" className="py-1 pr-4 font-medium">
              {t('retention.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {retention.map((row) => (
            <tr key={row.period} className="border-t border-border">
              <th scope="row" className="py-1 pr-4 font-normal">
                {t(`retention.periods.${row.period}`)}
              </th>
              <td className="py-1 pr-4">{cell(row.young)}</td>
              <td className="py-1 pr-4">{cell(row.mature)}</td>
              <td className="py-1 pr-4">{cell(sum(row.young, row.mature))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-muted-foreground">{t('retention.explain')}</p>
    </div>
  );
}
