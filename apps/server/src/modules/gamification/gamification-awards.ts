import {
  ACHIEVEMENTS,
  type AwardXpBody,
  applyDailyCap,
  applyMultiplier,
  BADGES,
  type BadgeSummary,
  baseXpFor,
  EVENT_METRIC,
  type GamificationSettings,
  isLearningEvent,
  localDay,
  type Metric,
  recordStreakActivity,
  type StreakType,
  tierReached,
  viewStreak,
  type XpEventType,
  type XpResult,
} from '@portal/shared/gamification';
import { levelForXp } from '@portal/shared/levels';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { readPart } from '../../read-together.ts';
import type { DomainEvent } from '../events/domain-event.types.ts';
import {
  type AwardInput,
  awardForDomainEvent,
  badgeSummary,
  currentMultiplier,
  type GamificationDeps,
  publishChanges,
  resultFor,
  sameStreak,
  streakRowFrom,
  toStreakState,
  type WatchedTable,
  XP_DOMAIN_EVENT,
} from './gamification-rules.ts';

/** award_xp and what follows an award: streaks, the daily cap, badges and achievements, the daily login. */
export function createAwards(deps: GamificationDeps) {
  const { repository, timeZoneOf, logger, now } = deps;

  /** The learner's measures: level, total XP, longest streak and the count behind each event's metric. */
  const metricsPart = (
    userId: string,
    { totalXp, longestStreak, settings }: { totalXp: number; longestStreak: number; settings: GamificationSettings },
  ) => {
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

  /** The learner's measures read on their own, outside an award (see metricsPart). */
  const metricsOf = async (userId: string, options: Parameters<typeof metricsPart>[1]) =>
    (await repository.readTogether({ metrics: metricsPart(userId, options) })).metrics;

  /** Badges held and achievements' standing, as `heldProgressPart` reads them. */
  type HeldProgress = { badges: string[]; achievements: { achievementKey: string; tier: number; progress: number }[] };

  /**
   * Grants the badges `metrics` now earn and moves achievements forward, given what the learner holds (`progress`);
   * inside the caller's transaction, one statement.
   */
  const saveProgress = async (
    tx: Db,
    userId: string,
    settings: GamificationSettings,
    metrics: Partial<Record<Metric, number>>,
    progress: HeldProgress,
  ) => {
    const held = new Set(progress.badges);
    const due = BADGES.filter((badge) => {
      const value = metrics[badge.metric];
      return !held.has(badge.key) && value !== undefined && value >= settings.badge_thresholds[badge.key];
    });
    const stored = new Map(progress.achievements.map((row) => [row.achievementKey, row]));
    const changedAchievements = ACHIEVEMENTS.flatMap((achievement) => {
      const value = metrics[achievement.metric];
      if (value === undefined) return [];
      const next = { key: achievement.key, tier: tierReached(value, achievement.tiers), progress: value };
      const row = stored.get(next.key);
      return !row || row.tier !== next.tier || row.progress !== next.progress ? [next] : [];
    });
    const granted = new Set(
      await repository.saveProgress(
        tx,
        userId,
        due.map((badge) => badge.key),
        changedAchievements,
      ),
    );
    return {
      newBadges: due.filter((badge) => granted.has(badge.key)).map((badge) => badgeSummary(badge, settings)),
      achievementsChanged: changedAchievements.length > 0,
    };
  };

  /** Grants the badges now earned and moves achievements forward, reading the measures (see `metricsPart`) first. */
  const evaluateProgress = async (
    tx: Db,
    userId: string,
    settings: GamificationSettings,
    { totalXp, longestStreak }: { totalXp: number; longestStreak: number },
  ) => {
    const { metrics, progress } = await repository.readTogether(
      {
        metrics: metricsPart(userId, { totalXp, longestStreak, settings }),
        progress: repository.heldProgressPart(userId),
      },
      tx,
    );
    return saveProgress(tx, userId, settings, metrics, progress);
  };

  /** award_xp: the one place XP is computed. */
  const awardXp = async (input: AwardInput, known: { timeZone?: string } = {}): Promise<XpResult> => {
    const { userId, eventType } = input;
    const [{ settings }, timeZone] = await Promise.all([
      repository.loadSettings(),
      known.timeZone ? Promise.resolve(known.timeZone) : timeZoneOf(userId),
    ]);
    const occurredAt = input.occurredAt ?? now();
    const day = localDay(occurredAt, timeZone);
    const changed = new Set<WatchedTable>();
    const result = await repository.transaction(async (tx) => {
      const account = await repository.lockAccount(tx, userId);
      const rule = settings.xp_rules[eventType];
      // Everything the award decides from, read at once under the account's lock, so no other award of this learner
      // moves it meanwhile: the key's earlier use, streaks, today's XP of this kind (for its cap), the count of this
      // kind of event and the badges and achievements held (for what this one earns).
      const held = await repository.readTogether(
        {
          previous: repository.ledgerMultiplierPart(userId, input.idempotencyKey),
          streaks: repository.streaksPart(userId),
          earnedToday: repository.baseXpOnDayPart(userId, eventType, day),
          counts: repository.awardCountsPart(userId, eventType),
          progress: repository.heldProgressPart(userId),
        },
        tx,
      );
      if (held.previous !== null) return resultFor(account, settings, { multiplier: held.previous, duplicate: true });
      const streakOf = (type: StreakType) => held.streaks.find((row) => row.streakType === type);

      const worth = baseXpFor(eventType, input.value, rule);
      // An event worth no XP by its rule (a focus session under five focused minutes) is no learning: it is not
      // recorded, so it moves no streak, badge or achievement. A capped event still counts; only its XP is capped.
      if (worth === 0) {
        const learning = viewStreak(toStreakState(streakOf('learning')), day);
        return resultFor(account, settings, { multiplier: currentMultiplier(account, learning.current, occurredAt) });
      }

      const streakType: StreakType = isLearningEvent(eventType) ? 'learning' : 'login';
      const streakRow = streakOf(streakType);
      const before = toStreakState(streakRow);
      const movedZone = streakRow && streakRow.timeZone !== timeZone;
      const { state, frozenDays } = recordStreakActivity(before, {
        day,
        dayInPreviousZone: movedZone ? localDay(occurredAt, streakRow.timeZone) : null,
      });
      const learning = streakType === 'learning' ? state : toStreakState(streakOf('learning'));
      const learningStreak = streakType === 'learning' ? state.current : viewStreak(learning, day).current;

      const multiplier = currentMultiplier(account, learningStreak, occurredAt);
      const credited = applyDailyCap(worth, rule.daily_cap === null ? 0 : held.earnedToday, rule.daily_cap);
      const xp = applyMultiplier(credited, multiplier);
      const inserted = await repository.recordAward(tx, {
        userId,
        kind: 'award',
        eventType,
        subjectId: input.subjectId,
        idempotencyKey: input.idempotencyKey,
        baseXp: credited,
        multiplier,
        xp,
        localDay: day,
        createdAt: occurredAt,
      });
      if (!inserted) return resultFor(account, settings, { multiplier, duplicate: true });
      changed.add('user_xp');
      if (!sameStreak(before, state) || movedZone) {
        await repository.saveStreak(
          tx,
          streakRowFrom(userId, streakType, state, {
            freezesUsed: (streakRow?.freezesUsed ?? 0) + frozenDays.length,
            timeZone,
          }),
        );
        await repository.addFreezeDays(tx, userId, streakType, frozenDays);
        changed.add('streaks');
      }
      // Under the account's lock nothing else moved the account or the counts since they were read.
      const updated = xp > 0 ? { ...account, totalXp: account.totalXp + xp, updatedAt: new Date() } : account;
      const metrics: Partial<Record<Metric, number>> = {
        longest_streak: learning.longest,
        level: levelForXp(updated.totalXp, settings.level_thresholds),
        total_xp: updated.totalXp,
      };
      const metric = EVENT_METRIC[eventType];
      if (metric) metrics[metric] = (held.counts.get(eventType) ?? 0) + 1;
      const progress = await saveProgress(tx, userId, settings, metrics, held.progress);
      if (progress.newBadges.length > 0) changed.add('user_badges');
      if (progress.achievementsChanged) changed.add('achievements');
      return resultFor(updated, settings, {
        xp_awarded: xp,
        multiplier,
        leveled_up:
          levelForXp(updated.totalXp, settings.level_thresholds) >
          levelForXp(account.totalXp, settings.level_thresholds),
        new_badges: progress.newBadges,
      });
    });
    publishChanges(deps, userId, changed);
    return result;
  };

  // Who already got today's login XP on this instance, so most visits cost no database work.
  const loginSeen = new Map<string, { day: string; timeZone: string }>();

  const awardDailyLogin = async (userId: string): Promise<XpResult> => {
    const timeZone = await timeZoneOf(userId);
    const at = now();
    const day = localDay(at, timeZone);
    const result = await awardXp(
      {
        userId,
        eventType: 'daily_login',
        subjectId: day,
        value: null,
        idempotencyKey: `daily_login:${day}`,
        occurredAt: at,
      },
      { timeZone },
    );
    if (loginSeen.size > 100_000) loginSeen.clear();
    loginSeen.set(userId, { day, timeZone });
    return result;
  };

  return {
    metricsOf,
    awardXp,
    awardDailyLogin,

    /** Awards the XP a domain event earns (subscriber; delivery is at least once, the key makes it once). */
    async onDomainEvent(event: DomainEvent): Promise<void> {
      const input = awardForDomainEvent(event);
      if (input) await awardXp(input);
    },

    /** The first signed-in visit of a local day earns the daily-login XP; never fails the request. */
    async noteSignedInVisit(userId: string): Promise<void> {
      const seen = loginSeen.get(userId);
      if (seen && localDay(now(), seen.timeZone) === seen.day) return;
      try {
        await awardDailyLogin(userId);
      } catch (error) {
        logger.warn({ err: error, userId }, 'daily login XP not awarded');
      }
    },

    /**
     * award_xp from a client: the server checks the event really happened to this learner and decides the XP itself,
     * with the same key the domain event uses, so asking again (or after the event was handled) earns nothing.
     */
    async awardRequested(userId: string, body: AwardXpBody): Promise<XpResult> {
      if (body.event_type === 'daily_login') return awardDailyLogin(userId);
      const subjectId = body.metadata?.subject_id;
      if (!subjectId) throw new AppError('validation_failed', 'metadata.subject_id names what this event is about.');
      const domainType = XP_DOMAIN_EVENT[body.event_type];
      const row = domainType ? await repository.findDomainEvent(userId, domainType, subjectId) : undefined;
      const input = row
        ? awardForDomainEvent({
            id: row.id,
            type: row.type,
            userId: row.userId,
            subjectId: row.subjectId,
            payload: row.payload,
            occurredAt: row.occurredAt,
          } as DomainEvent)
        : null;
      if (!input) throw new AppError('not_found', 'Nothing to award: this did not happen for your account.');
      return awardXp(input);
    },

    /** check_badges: grants whatever the learner has earned by now (after an admin lowered a threshold, say). */
    async checkBadges(userId: string): Promise<{ newBadges: BadgeSummary[] }> {
      const { settings } = await repository.loadSettings();
      const changed = new Set<WatchedTable>();
      const newBadges = await repository.transaction(async (tx) => {
        const account = await repository.lockAccount(tx, userId);
        const learning = await repository.findStreak(userId, 'learning', tx);
        const progress = await evaluateProgress(tx, userId, settings, {
          totalXp: account.totalXp,
          longestStreak: learning?.longestLength ?? 0,
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
export type Awards = ReturnType<typeof createAwards>;
