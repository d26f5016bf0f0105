import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useCheckBadges } from '../api/check-badges';
import { useAchievements } from '../api/get-achievements';
import { useBadges } from '../api/get-badges';
import { useGamificationStats } from '../api/get-gamification-stats';
import { useShop } from '../api/get-shop';
import { useStreaks } from '../api/get-streaks';
import { AchievementsSection } from '../components/achievements-section';
import { BadgesSection } from '../components/badges-section';
import { LeaderboardSection } from '../components/leaderboard-section';
import { LevelCard } from '../components/level-card';
import { ShopSection } from '../components/shop-section';
import { StreakCard } from '../components/streak-card';

/** /dashboard/learner/gamification: level, XP, streak calendar, badges, achievements, shop and leaderboard. */
export function LearnerGamification() {
  const { t } = useTranslation('gamification');
  const stats = useGamificationStats();
  const streaks = useStreaks();
  const badges = useBadges();
  const achievements = useAchievements();
  const shop = useShop();
  const { mutate: checkBadges } = useCheckBadges();

  // Thresholds may have been lowered since the last award: pick up badges earned by now.
  useEffect(() => checkBadges(), [checkBadges]);

  const failed = [stats, streaks, badges, achievements, shop].some((query) => query.isError);
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={t('page.title')} description={t('page.description')} />
      {failed ? <Alert variant="destructive">{t('page.loadFailed')}</Alert> : null}
      {stats.isPending || streaks.isPending ? <Spinner label={t('loading')} /> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        {stats.data ? <LevelCard stats={stats.data} /> : null}
        {streaks.data ? <StreakCard streaks={streaks.data} /> : null}
      </div>
      {badges.data ? <BadgesSection badges={badges.data} /> : null}
      {achievements.data ? <AchievementsSection achievements={achievements.data} /> : null}
      {shop.data ? <ShopSection shop={shop.data} /> : null}
      <LeaderboardSection />
    </div>
  );
}
