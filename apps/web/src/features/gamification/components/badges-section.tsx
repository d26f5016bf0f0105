import type { BadgeView } from '@portal/shared/gamification';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { formatInstant } from '@/lib/intl-formats';
import { cn } from '@/lib/utils';
import { formatNumber } from '../utils/format';
import { GamificationIcon } from './gamification-icon';

function BadgeCard({ badge }: { badge: BadgeView }) {
  const { t, i18n } = useTranslation('gamification');
  const earned = badge.earned_at !== null;
  const name = t(`badges.${badge.key}.name`);
  return (
    <Card className={cn('flex gap-4 p-4', !earned && 'bg-muted/40')}>
      <span
        className={cn(
          'relative flex size-12 shrink-0 items-center justify-center rounded-full',
          earned ? 'bg-accent text-primary' : 'bg-muted text-muted-foreground',
        )}
      >
        <GamificationIcon name={badge.icon} className="size-6" />
        {earned ? null : (
          <Lock className="absolute -right-1 -bottom-1 size-4 rounded-full bg-card p-0.5" aria-hidden="true" />
        )}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="font-medium">{name}</h3>
        <p className="text-sm text-muted-foreground">
          {t(`badges.${badge.key}.description`, { count: badge.threshold })}
        </p>
        {earned ? (
          <p className="text-xs font-medium text-success">
            {t('badgesSection.earnedOn', {
              date: formatInstant(badge.earned_at ?? '', i18n.language, { dateStyle: 'medium' }),
            })}
          </p>
        ) : (
          <div className="mt-1 flex flex-col gap-1">
            <ProgressBar
              value={(badge.progress / badge.threshold) * 100}
              label={t('badgesSection.progressLabel', { name })}
              valueText={t('badgesSection.progressValue', {
                progress: formatNumber(Math.min(badge.progress, badge.threshold), i18n.language),
                threshold: formatNumber(badge.threshold, i18n.language),
              })}
            />
            <p className="text-xs text-muted-foreground">
              {t('badgesSection.locked', {
                progress: formatNumber(Math.min(badge.progress, badge.threshold), i18n.language),
                threshold: formatNumber(badge.threshold, i18n.language),
              })}
            </p>
          </div>
        )}
      </div>
    </Card>
  );
}

/** Earned badges first, then the locked ones with what it takes to earn them. */
export function BadgesSection({ badges }: { badges: BadgeView[] }) {
  const { t } = useTranslation('gamification');
  const earned = badges.filter((badge) => badge.earned_at !== null);
  const sorted = [...earned, ...badges.filter((badge) => badge.earned_at === null)];
  return (
    <section aria-labelledby="badges-heading" className="flex flex-col gap-4">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="badges-heading" className="text-lg font-semibold">
          {t('badgesSection.title')}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t('badgesSection.count', { earned: earned.length, total: badges.length })}
        </p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {sorted.map((badge) => (
          <li key={badge.key}>
            <BadgeCard badge={badge} />
          </li>
        ))}
      </ul>
    </section>
  );
}
