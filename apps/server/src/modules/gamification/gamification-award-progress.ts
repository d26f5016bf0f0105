import {
  type BadgeSummary,
  EVENT_METRIC,
  type GamificationSettings,
  type Metric,
  type XpEventType,
} from '@portal/shared/gamification';
import { levelForXp } from '@portal/shared/levels';
import type { Db } from '../../db/client.ts';
import { readPart } from '../../read-together.ts';
import { progressDue } from './gamification-award-plan.ts';
import { badgeSummary, type GamificationDeps, publishChanges, type WatchedTable } from './gamification-rules.ts';

type Repository = GamificationDeps['repository'];
type MetricsOptions = { totalXp: number; longestStreak: number; settings: GamificationSettings };

/** Badges held and achievements' standing, as `heldProgressPart` reads them. */
type HeldProgress = { badges: string[]; achievements: { achievementKey: string; tier: number; progress: number }[] };

/** The learner's measures: level, total XP, longest streak and the count behind each event's metric. */
const metricsPart = (repository: Repository, userId: string, { totalXp, longestStreak, settings }: MetricsOptions) => {
  const counts = repository.awardCountsPart(userId);
  return readPart(counts.query, (value) => {
    const metrics: Partial<Record<Metric, number>> = {
      longest_streak: longestStreak,
      level: levelForXp(totalXp, settings.level_thresholds),
      total_xp: totalXp,
    };
    for (const metric of Object.values(EVENT_METRIC)) metrics[metric] = 0;
    for (const [eventType, count] of counts.read(value)) {
      const metric = EVENT_METRIC[eventType as XpEventType];
      if (metric) metrics[metric] = (metrics[metric] ?? 0) + count;
    }
    return metrics;
  });
};

/**
 * Grants the badges `metrics` now earn and moves achievements forward, given what the learner holds (`progress`);
 * inside the caller's transaction, one statement.
 */
async function saveProgress(
  repository: Repository,
  tx: Db,
  { userId, settings }: { userId: string; settings: GamificationSettings },
  { metrics, progress }: { metrics: Partial<Record<Metric, number>>; progress: HeldProgress },
) {
  const due = progressDue(settings, metrics, progress);
  const granted = new Set(
    await repository.saveProgress(
      tx,
      userId,
      due.badges.map((badge) => badge.key),
      due.achievements,
    ),
  );
  return {
    newBadges: due.badges.filter((badge) => granted.has(badge.key)).map((badge) => badgeSummary(badge, settings)),
    achievementsChanged: due.achievements.length > 0,
  };
}

/** Grants the badges now earned and moves achievements forward, reading the measures (see `metricsPart`) first. */
async function evaluateProgress(repository: Repository, tx: Db, userId: string, options: MetricsOptions) {
  const read = await repository.readTogether(
    { metrics: metricsPart(repository, userId, options), progress: repository.heldProgressPart(userId) },
    tx,
  );
  return saveProgress(repository, tx, { userId, settings: options.settings }, read);
}

/** The learner's measures outside an award, and check_badges. */
export function createAwardProgress(deps: GamificationDeps) {
  const { repository } = deps;
  return {
    /** The learner's measures read on their own, outside an award (see metricsPart). */
    metricsOf: async (userId: string, options: MetricsOptions) =>
      (await repository.readTogether({ metrics: metricsPart(repository, userId, options) })).metrics,

    /** check_badges: grants whatever the learner has earned by now (after an admin lowered a threshold, say). */
    async checkBadges(userId: string): Promise<{ newBadges: BadgeSummary[] }> {
      const { settings } = await repository.loadSettings();
      const changed = new Set<WatchedTable>();
      const newBadges = await repository.transaction(async (tx) => {
        const account = await repository.lockAccount(tx, userId);
        const learning = await repository.findStreak(userId, 'learning', tx);
        const progress = await evaluateProgress(repository, tx, userId, {
          totalXp: account.totalXp,
          longestStreak: learning?.longestLength ?? 0,
          settings,
        });
        if (progress.newBadges.length > 0) changed.add('user_badges');
        if (progress.achievementsChanged) changed.add('achievements');
        return progress.newBadges;
      });
      publishChanges(deps, userId, changed);
      return { newBadges };
    },
  };
}
