import type { UserStats } from '@portal/shared/gamification';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useMe } from '@/lib/auth';
import { preloadNamespaces } from '@/lib/i18n';
import { useClaimDailyLogin } from '../api/claim-daily-login';
import { badgesQueryOptions } from '../api/get-badges';
import { gamificationStatsQueryOptions, useGamificationStats } from '../api/get-gamification-stats';
import { type StatsChange, statsChanges } from '../utils/stats-changes';
import {
  showAwardFailedToast,
  showBadgeToast,
  showLevelUpToast,
  showXpSummaryToast,
  showXpToast,
} from './gamification-toasts';

const msUntilNextMidnight = (now = new Date()) => {
  const midnight = new Date(now);
  midnight.setHours(24, 0, 5, 0);
  return midnight.getTime() - now.getTime();
};

/**
 * Watches the signed-in learner's stats (refreshed whenever the server pushes a change to their XP, badges,
 * achievements or streaks) and tells them what changed: XP, level-up and badge toasts. At local midnight it
 * refreshes, which counts as the new day's login.
 */
export function GamificationLive() {
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const userId = me?.user.id;
  const stats = useGamificationStats({ enabled: Boolean(userId) });
  const { mutate: claimDailyLogin } = useClaimDailyLogin();
  const previous = useRef<{ userId: string; stats: UserStats } | null>(null);
  const claimedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!userId || !stats.data) return;
    const before = previous.current?.userId === userId ? previous.current.stats : undefined;
    previous.current = { userId, stats: stats.data };
    const tell = async (change: StatsChange) => {
      // Translations load per screen: the toasts' texts may not be there yet on the screen the learner is on.
      await preloadNamespaces(['gamification']);
      if (change.kind === 'xp') showXpToast(change.award);
      else if (change.kind === 'xp_summary') showXpSummaryToast(change);
      else if (change.kind === 'level_up') showLevelUpToast(change.level);
      else {
        const badges = await queryClient.fetchQuery(badgesQueryOptions()).catch(() => []);
        showBadgeToast({ key: change.key, threshold: badges.find((badge) => badge.key === change.key)?.threshold });
      }
    };
    for (const change of statsChanges(before, stats.data)) void tell(change);
  }, [userId, stats.data, queryClient]);

  // The server counts the first visit of a day; if that did not happen (it failed), ask for it once a day.
  const claimed = stats.data?.daily_login_claimed;
  const dayKey = `${userId}:${new Date().toDateString()}`;
  useEffect(() => {
    if (!userId || claimed !== false || claimedFor.current === dayKey) return;
    claimedFor.current = dayKey;
    claimDailyLogin(undefined, {
      onError: () => void preloadNamespaces(['gamification']).then(() => showAwardFailedToast()),
    });
  }, [userId, claimed, dayKey, claimDailyLogin]);

  useEffect(() => {
    if (!userId) return;
    let timer: ReturnType<typeof setTimeout>;
    const waitForMidnight = () => {
      timer = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: gamificationStatsQueryOptions().queryKey });
        waitForMidnight();
      }, msUntilNextMidnight());
    };
    waitForMidnight();
    return () => clearTimeout(timer);
  }, [userId, queryClient]);

  return null;
}
