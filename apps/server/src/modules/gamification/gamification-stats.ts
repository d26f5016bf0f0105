import {
  ACHIEVEMENTS,
  BADGES,
  CALENDAR_DAYS,
  type GamificationSettings,
  localDay,
  type Streaks,
  type StreakType,
  type StreakView,
  settleStreak,
  shiftDay,
  tierReached,
  type UserStats,
  viewStreak,
  type XpEventType,
} from '@portal/shared/gamification';
import { levelProgress } from '@portal/shared/levels';
import { readPart } from '../../read-together.ts';
import { type AccountRow, emptyAccount } from './gamification.repository.ts';
import type { Awards } from './gamification-awards.ts';
import {
  badgeSummary,
  balanceOf,
  currentMultiplier,
  type GamificationDeps,
  publishChanges,
  sameStreak,
  streakRowFrom,
  toStreakState,
  type WatchedTable,
} from './gamification-rules.ts';
import type { StatsSnapshot } from './gamification-stats.repository.ts';

type StatsOf = (userId: string, snapshot: StatsSnapshot) => Promise<UserStats>;

const RECENT_AWARDS = 5;

/** get_user_stats' answer from a snapshot of the learner's rows, the rules in force and the clock now. */
function statsView(
  snapshot: StatsSnapshot,
  { account, settings, today, at }: { account: AccountRow; settings: GamificationSettings; today: string; at: Date },
): UserStats {
  const learningRow = snapshot.streaks.find((row) => row.streakType === 'learning');
  const loginRow = snapshot.streaks.find((row) => row.streakType === 'login');
  const streak = viewStreak(toStreakState(learningRow), today);
  const tiers = new Map(snapshot.achievementTiers.map((row) => [row.key, row.tier]));
  return {
    total_xp: account.totalXp,
    balance: balanceOf(account),
    level: levelProgress(account.totalXp, settings.level_thresholds),
    multiplier: currentMultiplier(account, streak.current, at),
    double_xp_until: account.doubleXpUntil && account.doubleXpUntil > at ? account.doubleXpUntil.toISOString() : null,
    streak,
    badges: {
      earned: snapshot.badgeKeys.length,
      total: BADGES.length,
      earned_keys: snapshot.badgeKeys,
    },
    achievements: {
      // Kept up to date by every award, so reading them needs no pass over the ledger.
      tiers_reached: ACHIEVEMENTS.reduce((sum, achievement) => sum + (tiers.get(achievement.key) ?? 0), 0),
      tiers_total: ACHIEVEMENTS.reduce((sum, achievement) => sum + achievement.tiers.length, 0),
    },
    recent_awards: snapshot.recent.map((row) => ({
      id: row.id,
      event_type: row.eventType as XpEventType,
      xp: row.xp,
      multiplier: row.multiplier,
      created_at: row.createdAt.toISOString(),
    })),
    daily_login_claimed: loginRow?.lastActiveDay === today,
    equipped: { theme: account.equippedTheme, frame: account.equippedFrame },
  };
}

/** The streak calendar: the last `CALENDAR_DAYS` days from `from`, each active, frozen or neither. */
const streakCalendar = (from: string, activeDays: Set<string>, frozenDays: Set<string>) =>
  Array.from({ length: CALENDAR_DAYS }, (_, index) => {
    const day = shiftDay(from, index);
    return {
      day,
      status: activeDays.has(day) ? ('active' as const) : frozenDays.has(day) ? ('frozen' as const) : ('none' as const),
    };
  });

/** get_user_stats and the home summary, both from a snapshot of the learner's rows. */
function createStatsReads(deps: GamificationDeps) {
  const { repository, timeZoneOf, now } = deps;

  const statsOf: StatsOf = async (userId, snapshot) => {
    const [{ settings }, timeZone] = await Promise.all([repository.loadSettings(), timeZoneOf(userId)]);
    const at = now();
    const account = snapshot.account ?? emptyAccount(userId);
    return statsView(snapshot, { account, settings, today: localDay(at, timeZone), at });
  };

  return {
    /** get_user_stats: the levels, multiplier and streak follow from the snapshot (kept or read) and the clock now. */
    async getStats(userId: string): Promise<UserStats> {
      const read = () => repository.statsSnapshot(userId, RECENT_AWARDS);
      return statsOf(userId, await (deps.statsSnapshots ? deps.statsSnapshots.get(userId, read) : read()));
    },

    /** What the learner home shows: total XP, current streak, achievements (badges plus tiers); read with others. */
    dashboardSummaryPart(userId: string) {
      const snapshot = repository.statsSnapshotPart(userId, 0);
      return readPart(snapshot.query, async (value) => {
        const stats = await statsOf(userId, snapshot.read(value));
        return {
          totalXp: stats.total_xp,
          currentStreak: stats.streak.current,
          achievements: stats.badges.earned + stats.achievements.tiers_reached,
          streakSafeToday: stats.streak.today_done,
        };
      });
    },
  };
}

/** The learner's streaks, their calendar, and update_streak. */
function createStreakViews(deps: GamificationDeps) {
  const { repository, timeZoneOf, now } = deps;
  return {
    async getStreaks(userId: string): Promise<Streaks> {
      const timeZone = await timeZoneOf(userId);
      const today = localDay(now(), timeZone);
      const from = shiftDay(today, -(CALENDAR_DAYS - 1));
      const [rows, active, frozen] = await Promise.all([
        repository.listStreaks(userId),
        repository.learningDays(userId, from, today),
        repository.freezeDays(userId, 'learning', from, today),
      ]);
      return {
        today,
        time_zone: timeZone,
        streaks: (['learning', 'login'] as const).map((type) => {
          const row = rows.find((candidate) => candidate.streakType === type);
          return { type, ...viewStreak(toStreakState(row), today), freezes_used: row?.freezesUsed ?? 0 };
        }),
        calendar: streakCalendar(from, new Set(active), new Set(frozen)),
      };
    },

    /** update_streak: applies missed days (spending held freezes or ending the streak) up to today. */
    async updateStreak(userId: string, streakType: StreakType): Promise<StreakView> {
      const timeZone = await timeZoneOf(userId);
      const today = localDay(now(), timeZone);
      const changed = new Set<WatchedTable>();
      const view = await repository.transaction(async (tx) => {
        await repository.lockAccount(tx, userId);
        const row = await repository.findStreak(userId, streakType, tx);
        const before = toStreakState(row);
        const { state, frozenDays } = settleStreak(before, today);
        const freezesUsed = (row?.freezesUsed ?? 0) + frozenDays.length;
        if (row && !sameStreak(before, state)) {
          await repository.saveStreak(
            tx,
            streakRowFrom(userId, streakType, state, { freezesUsed, timeZone: row.timeZone }),
          );
          await repository.addFreezeDays(tx, userId, streakType, frozenDays);
          changed.add('streaks');
        }
        return { type: streakType, ...viewStreak(state, today), freezes_used: freezesUsed };
      });
      publishChanges(deps, userId, changed);
      return view;
    },
  };
}

/** Every badge with the learner's progress towards it and when they earned it (null when not yet). */
function badgeViews(
  settings: GamificationSettings,
  metrics: Awaited<ReturnType<Awards['metricsOf']>>,
  earned: Map<string, Date>,
) {
  return BADGES.map((badge) => ({
    ...badgeSummary(badge, settings),
    metric: badge.metric,
    threshold: settings.badge_thresholds[badge.key],
    progress: metrics[badge.metric] ?? 0,
    earned_at: earned.get(badge.key)?.toISOString() ?? null,
  }));
}

/** Badges and achievements with the learner's progress towards each. */
function createProgressViews(deps: GamificationDeps, { metricsOf }: Pick<Awards, 'metricsOf'>) {
  const { repository } = deps;
  return {
    async getBadges(userId: string) {
      const [{ settings }, account, learning, rows] = await Promise.all([
        repository.loadSettings(),
        repository.findAccount(userId),
        repository.findStreak(userId, 'learning'),
        repository.listBadges(userId),
      ]);
      const metrics = await metricsOf(userId, {
        totalXp: account.totalXp,
        longestStreak: learning?.longestLength ?? 0,
        settings,
      });
      const earned = new Map(rows.map((row) => [row.badgeKey, row.earnedAt]));
      return { badges: badgeViews(settings, metrics, earned) };
    },

    async getAchievements(userId: string) {
      const [{ settings }, account, learning] = await Promise.all([
        repository.loadSettings(),
        repository.findAccount(userId),
        repository.findStreak(userId, 'learning'),
      ]);
      const metrics = await metricsOf(userId, {
        totalXp: account.totalXp,
        longestStreak: learning?.longestLength ?? 0,
        settings,
      });
      return {
        achievements: ACHIEVEMENTS.map((achievement) => ({
          key: achievement.key,
          icon: achievement.icon,
          metric: achievement.metric,
          tiers: [...achievement.tiers],
          tier: tierReached(metrics[achievement.metric] ?? 0, achievement.tiers),
          progress: metrics[achievement.metric] ?? 0,
        })),
      };
    },
  };
}

/** What the learner sees of their XP: stats, streaks and their calendar, badges, achievements, the home summary. */
export function createStatsViews(deps: GamificationDeps, awards: Pick<Awards, 'metricsOf'>) {
  const { getStats, dashboardSummaryPart } = createStatsReads(deps);
  return {
    getStats,
    ...createStreakViews(deps),
    ...createProgressViews(deps, awards),
    dashboardSummaryPart,
  };
}
