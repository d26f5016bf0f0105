import type { RecentAward } from '@portal/shared/gamification';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '@/lib/intl-formats';
import { formatMultiplier } from '../utils/format';

/** The last few awards: what earned XP, how much, and the bonus applied. */
export function RecentXp({ awards }: { awards: RecentAward[] }) {
  const { t, i18n } = useTranslation('gamification');
  if (awards.length === 0) return <p className="text-sm text-muted-foreground">{t('recent.empty')}</p>;
  return (
    <div>
      <h3 className="mb-2 text-sm font-medium">{t('recent.title')}</h3>
      <ul className="flex flex-col divide-y divide-border text-sm">
        {awards.map((award) => (
          <li key={award.id} className="flex items-center justify-between gap-3 py-2">
            <span className="min-w-0">
              <span className="block break-words">{t(`events.${award.event_type}`)}</span>
              <span className="text-xs text-muted-foreground">
                {formatInstant(award.created_at, i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
              </span>
            </span>
            <span className="shrink-0 text-right font-semibold">
              {t('toasts.xp', { xp: award.xp })}
              {award.multiplier > 1 ? (
                <span className="ml-1 text-xs font-normal text-muted-foreground">
                  {t('level.multiplierValue', { value: formatMultiplier(award.multiplier, i18n.language) })}
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
