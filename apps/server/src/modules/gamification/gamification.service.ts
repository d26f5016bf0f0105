import {
  DEFAULT_GAMIFICATION_SETTINGS,
  DEFAULT_SHOP_ITEMS,
  type GamificationSettings,
  LEADERBOARD_NEIGHBOURS,
  LEADERBOARD_WINDOW_DAYS,
  type Leaderboard,
} from '@portal/shared/gamification';
import { levelForXp } from '@portal/shared/levels';
import { changedValues } from '../audit/audit.service.ts';
import { createAwards } from './gamification-awards.ts';
import type { GamificationDeps } from './gamification-rules.ts';
import { createShop } from './gamification-shop.ts';
import { createStatsViews } from './gamification-stats.ts';

export { type AwardInput, awardForDomainEvent, type WatchedTable } from './gamification-rules.ts';

type LeaderboardRow = Awaited<ReturnType<GamificationDeps['repository']['leaderboardAround']>>[number];

/** One leaderboard line: a first name at most, never an id; "Learner" for one without a name. */
const leaderboardEntry = (row: LeaderboardRow, userId: string, settings: GamificationSettings) => ({
  rank: row.rank,
  display_name: row.display_name?.trim() || row.full_name?.trim().split(/\s+/)[0] || 'Learner',
  level: levelForXp(row.total_xp, settings.level_thresholds),
  xp: row.xp,
  is_you: row.user_id === userId,
});

/** The opt-in leaderboard: the learners ranked next to this one over the last week. */
function createLeaderboard({ repository, now }: GamificationDeps) {
  async function getLeaderboard(userId: string): Promise<Leaderboard> {
    const [{ settings }, account] = await Promise.all([repository.loadSettings(), repository.findAccount(userId)]);
    const base = { opted_in: account.leaderboardOptIn, window_days: LEADERBOARD_WINDOW_DAYS };
    if (!account.leaderboardOptIn) return { ...base, entries: [] };
    const rows = await repository.leaderboardAround(userId, {
      since: new Date(now().getTime() - LEADERBOARD_WINDOW_DAYS * 86_400_000),
      neighbours: LEADERBOARD_NEIGHBOURS,
    });
    return { ...base, entries: rows.map((row) => leaderboardEntry(row, userId, settings)) };
  }

  return {
    getLeaderboard,

    async setLeaderboardOptIn(userId: string, optedIn: boolean): Promise<Leaderboard> {
      await repository.setLeaderboardOptIn(userId, optedIn);
      return getLeaderboard(userId);
    },
  };
}

/** The admin thresholds: read, replaced (with an audit entry), and the at-risk days admin analytics uses. */
function createSettingsAdmin({ repository, audit }: GamificationDeps) {
  return {
    async getSettings() {
      const { settings, updatedAt } = await repository.loadSettings();
      return { settings, defaults: DEFAULT_GAMIFICATION_SETTINGS, updated_at: updatedAt?.toISOString() ?? null };
    },

    /** Admin thresholds: apply at once (every award reads them) and leave an audit entry. */
    async updateSettings(adminId: string, settings: GamificationSettings, ipAddress: string | null) {
      const { settings: before } = await repository.loadSettings();
      const row = await repository.saveSettings(settings, adminId);
      const changes = changedValues(before, settings);
      if (changes) {
        await audit({
          userId: adminId,
          action: 'gamification.settings.update',
          tableName: 'gamification_settings',
          recordId: '1',
          ...changes,
          legalBasis: 'legitimate_interest',
          purpose: 'Tune how learners earn XP, levels and badges.',
          ipAddress,
        });
      }
      return { settings, defaults: DEFAULT_GAMIFICATION_SETTINGS, updated_at: row?.updatedAt.toISOString() ?? null };
    },

    /** Days without activity after which admin analytics flags a learner at risk. */
    async atRiskDays(): Promise<number> {
      return (await repository.loadSettings()).settings.at_risk_days;
    },
  };
}

/**
 * XP, levels, streaks, badges, achievements, the points shop and the leaderboard for one learner at a time. Awards
 * (gamification-awards.ts), what the learner sees of them (gamification-stats.ts) and the shop (gamification-shop.ts)
 * live in their own files; the leaderboard and the admin settings are here.
 */
export function createGamificationService({
  now = () => new Date(),
  ...rest
}: Omit<GamificationDeps, 'now'> & { now?: () => Date }) {
  const deps: GamificationDeps = { ...rest, now };
  const { repository } = deps;
  const awards = createAwards(deps);
  const { metricsOf: _metricsOf, ...awardActions } = awards;

  return {
    ...awardActions,
    ...createStatsViews(deps, awards),
    ...createShop(deps),
    ...createLeaderboard(deps),
    ...createSettingsAdmin(deps),
    xpByDayPart: repository.xpByDayPart,
    ensureShopItems: () => repository.ensureShopItems(DEFAULT_SHOP_ITEMS),
  };
}
export type GamificationService = ReturnType<typeof createGamificationService>;
