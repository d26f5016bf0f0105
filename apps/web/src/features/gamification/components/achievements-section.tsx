import type { AchievementView } from '@portal/shared/gamification';
import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { cn } from '@/lib/utils';
import { formatNumber } from '../utils/format';
import { GamificationIcon } from './gamification-icon';

function AchievementCard({ achievement }: { achievement: AchievementView }) {
  const { t, i18n } = useTranslation('gamification');
  const name = t(`achievements.${achievement.key}.name`);
  const nextThreshold = achievement.tiers[achievement.tier];
  const previousThreshold = achievement.tier > 0 ? (achievement.tiers[achievement.tier - 1] ?? 0) : 0;
  const complete = nextThreshold === undefined;
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <Card className="flex flex-col gap-3 p-4">
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-primary">
          <GamificationIcon name={achievement.icon} />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-medium">{name}</h3>
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <span className="flex gap-0.5" aria-hidden="true">
              {achievement.tiers.map((threshold, index) => (
                <Star
                  key={threshold}
                  className={cn(
                    'size-3.5',
                    index < achievement.tier ? 'fill-warning text-warning' : 'text-muted-foreground/50',
                  )}
                />
              ))}
            </span>
            {t('achievementsSection.tier', { tier: achievement.tier, total: achievement.tiers.length })}
          </p>
        </div>
      </div>
      <ProgressBar
        value={
          complete ? 100 : ((achievement.progress - previousThreshold) / (nextThreshold - previousThreshold)) * 100
        }
        label={t('achievementsSection.progressLabel', { name })}
        valueText={
          complete
            ? t('achievementsSection.complete')
            : t(`achievements.${achievement.key}.progress`, {
                count: nextThreshold,
                progress: number(achievement.progress),
                threshold: number(nextThreshold),
              })
        }
      />
      <p className="text-sm text-muted-foreground">
        {complete
          ? t('achievementsSection.complete')
          : t(`achievements.${achievement.key}.progress`, {
              count: nextThreshold,
              progress: number(achievement.progress),
              threshold: number(nextThreshold),
            })}
      </p>
    </Card>
  );
}

/** Tiered goals (1, 5, 20 courses...) with progress towards the next tier. */
export function AchievementsSection({ achievements }: { achievements: AchievementView[] }) {
  const { t } = useTranslation('gamification');
  return (
    <section aria-labelledby="achievements-heading" className="flex flex-col gap-4">
      <h2 id="achievements-heading" className="text-lg font-semibold">
        {t('achievementsSection.title')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {achievements.map((achievement) => (
          <li key={achievement.key}>
            <AchievementCard achievement={achievement} />
          </li>
        ))}
      </ul>
    </section>
  );
}
