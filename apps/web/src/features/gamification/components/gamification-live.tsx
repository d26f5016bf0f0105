import type { UserStats } from '@portal/shared/gamification';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useMe } from '@/lib/auth';
import { preloadNamespaces } from '@/lib/i18n';
import { useProfile } from '@/lib/profile';
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

/** How often the learner's calendar day is checked, so a new day is noticed within a minute (after sleep too). */
export const DAY_CHECK_MS = 60_000;

/** The calendar day in the learner's time zone (the one the server counts their days in), else the device's. */
export function dayIn(timeZone: string | undefined, at = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  } catch {
    return at.toDateString();
  }
}

/**
 * Watches the signed-in learner's stats (refreshed whenever the server pushes a change to their XP, badges,
 * achievements or streaks) and tells them what changed: XP, level-up and badge toasts. When a new day begins in
 * the time zone of their profile it refreshes, which counts as the new day's login.
 */
export function GamificationLive() {
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const userId = me?.user.id;
  const stats = useGamificationStats({ enabled: Boolean(userId) });
  const timeZone = useProfile({ enabled: Boolean(userId) }).data?.timezone;
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
  const dayKey = `${userId}:${dayIn(timeZone)}`;
  useEffect(() => {
    if (!userId || claimed !== false || claimedFor.current === dayKey) return;
    claimedFor.current = dayKey;
    claimDailyLogin(undefined, {
      onError: () => void preloadNamespaces(['gamification']).then(() => showAwardFailedToast()),
    });
  }, [userId, claimed, dayKey, claimDailyLogin]);

  useEffect(() => {
    if (!userId) return;
    let today = dayIn(timeZone);
    const timer = setInterval(() => {
      const now = dayIn(timeZone);
      if (now === today) return;
      today = now;
      void queryClient.invalidateQueries({ queryKey: gamificationStatsQueryOptions().queryKey });
    }, DAY_CHECK_MS);
    return () => clearInterval(timer);
  }, [userId, timeZone, queryClient]);

  return null;
}
