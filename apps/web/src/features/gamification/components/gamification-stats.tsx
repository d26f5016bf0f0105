import { Flame, Trophy, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { useGamificationStats } from '../api/get-gamification-stats';
import { formatNumber } from '../utils/format';

/** Dashboard stats: total XP, current streak and achievements, each linking to the gamification screen. */
export function GamificationStats() {
  const { t, i18n } = useTranslation('gamification');
  const stats = useGamificationStats();
  const data = stats.data;
  const items = [
    { key: 'totalXp', icon: Zap, value: data ? formatNumber(data.total_xp, i18n.language) : null },
    { key: 'currentStreak', icon: Flame, value: data ? t('streak.days', { count: data.streak.current }) : null },
    {
      key: 'achievements',
      icon: Trophy,
      value: data ? formatNumber(data.badges.earned + data.achievements.tiers_reached, i18n.language) : null,
    },
  ] as const;
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-3" aria-busy={stats.isPending}>
      {items.map((item) => (
        <li key={item.key}>
          <Card className="relative flex items-center gap-3 p-4 hover:bg-muted/50">
            <span className="rounded-md bg-accent p-2">
              <item.icon className="size-5 text-primary" aria-hidden="true" />
            </span>
            <span className="flex flex-col">
              <Link
                to="/dashboard/learner/gamification"
                className="text-sm text-muted-foreground after:absolute after:inset-0 after:content-['']"
              >
                {t(`widget.${item.key}`)}
              </Link>
              <span className="text-lg font-semibold" data-testid={`widget-${item.key}`}>
                {item.value ?? (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">{t('loading')}</span>
                  </>
                )}
              </span>
            </span>
          </Card>
        </li>
      ))}
    </ul>
  );
}
