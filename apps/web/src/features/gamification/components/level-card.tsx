import type { UserStats } from '@portal/shared/gamification';
import { Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { formatInstant } from '@/lib/intl-formats';
import { cn } from '@/lib/utils';
import { formatMultiplier, formatNumber } from '../utils/format';
import { FRAME_CLASSES, THEME_CLASSES } from './cosmetics';
import { RecentXp } from './recent-xp';

/** Level, progress to the next one, lifetime XP, the spendable balance and the multiplier in force. */
export function LevelCard({ stats }: { stats: UserStats }) {
  const { t, i18n } = useTranslation('gamification');
  const number = (value: number) => formatNumber(value, i18n.language);
  const { level } = stats;
  const next = level.level + 1;
  return (
    <Card
      className={cn('flex flex-col gap-5 p-6', stats.equipped.theme ? THEME_CLASSES[stats.equipped.theme] : undefined)}
    >
      <div className="flex items-center gap-4">
        <div
          aria-hidden="true"
          className={cn(
            'flex size-16 shrink-0 items-center justify-center rounded-full bg-primary text-2xl font-bold text-primary-foreground ring-4 ring-offset-2 ring-offset-card',
            stats.equipped.frame ? FRAME_CLASSES[stats.equipped.frame] : 'ring-accent',
          )}
        >
          {level.level}
        </div>
        <div>
          <h2 className="text-lg font-semibold">{t('level.title', { level: level.level })}</h2>
          <p className="text-sm text-muted-foreground">
            {t('level.toNext', { xp: number(level.next_level_xp - stats.total_xp), level: next })}
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <ProgressBar
          value={level.progress * 100}
          className="h-2.5"
          label={t('level.progressLabel', { level: next })}
          valueText={t('level.progressValue', {
            xp: number(stats.total_xp - level.level_start_xp),
            total: number(level.next_level_xp - level.level_start_xp),
          })}
        />
        <p className="flex justify-between text-xs text-muted-foreground">
          <span>{t('level.xpAmount', { xp: number(level.level_start_xp) })}</span>
          <span>{t('level.xpAmount', { xp: number(level.next_level_xp) })}</span>
        </p>
      </div>
      <dl className="grid grid-cols-3 gap-4">
        <div>
          <dt className="text-xs text-muted-foreground">{t('level.totalXp')}</dt>
          <dd className="text-xl font-semibold" data-testid="total-xp">
            {number(stats.total_xp)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('level.balance')}</dt>
          <dd className="text-xl font-semibold" data-testid="xp-balance">
            {number(stats.balance)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('level.multiplier')}</dt>
          <dd className="text-xl font-semibold">
            {t('level.multiplierValue', { value: formatMultiplier(stats.multiplier, i18n.language) })}
          </dd>
        </div>
      </dl>
      {stats.double_xp_until ? (
        <p className="flex items-center gap-2 rounded-md bg-accent px-3 py-2 text-sm">
          <Zap className="size-4 text-primary" aria-hidden="true" />
          {t('level.boostUntil', {
            time: formatInstant(stats.double_xp_until, i18n.language, {
              hour: 'numeric',
              minute: '2-digit',
            }),
          })}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">{t('level.multiplierHint')}</p>
      )}
      <RecentXp awards={stats.recent_awards} />
    </Card>
  );
}
