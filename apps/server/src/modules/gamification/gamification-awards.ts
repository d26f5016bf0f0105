import {
  type AwardXpBody,
  type BadgeSummary,
  EVENT_METRIC,
  type GamificationSettings,
  localDay,
  type Metric,
  type XpEventType,
  type XpResult,
} from '@portal/shared/gamification';
import { levelForXp } from '@portal/shared/levels';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { readPart } from '../../read-together.ts';
import { createWriteBatches } from '../../write-batches.ts';
import type { DomainEvent } from '../events/domain-event.types.ts';
import type { ClaimedAward } from './gamification-award.repository.ts';
import { planAward, progressDue } from './gamification-award-plan.ts';
import { AWARDS_PER_STATEMENT, type AwardAtOnce } from './gamification-awards-at-once.ts';
import {
  type AwardInput,
  awardForDomainEvent,
  awardKeyFor,
  badgeSummary,
  changedHere,
  type GamificationDeps,
  publishChanges,
  type WatchedTable,
  XP_DOMAIN_EVENT,
} from './gamification-rules.ts';

type AwardRead = Awaited<ReturnType<GamificationDeps['repository']['readAward']>>;

/** award_xp and what follows an award: streaks, the daily cap, badges and achievements, the daily login. */
export function createAwards(deps: GamificationDeps) {
  const { repository, timeZoneOf, logger, now } = deps;

  /** Awards decided from what was read, gathered into shared statements under load (see `createWriteBatches`). */
  const awardsAtOnce = createWriteBatches({
    send: (awards: AwardAtOnce[]) => repository.saveAwards(awards),
    shapeOf: () => 'award',
    learnerOf: (award) => award.write.ledger.userId,
    perStatement: AWARDS_PER_STATEMENT,
  });
  /** The reads of awards clients claim, gathered alike: under load one statement reads many learners' claims. */
  const claimsAtOnce = createWriteBatches({
    send: (claims: ClaimedAward[]) => repository.readClaimedAwards(claims),
    shapeOf: () => 'claim',
    learnerOf: (claim) => claim.userId,
    perStatement: AWARDS_PER_STATEMENT,
  });

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

  /**
   * award_xp: the one place XP is computed. Most awards are read and written in two statements, with no lock held in
   * between: the write goes ahead only if the learner's account is still the version read (`saveAwards`), in a
   * statement it may share with other learners' awards. An award whose account changed meanwhile (another award of
   * the same learner, a purchase) is decided again under the account's lock, as is a learner's first. `known.read` is
   * what `readAward` answered for this award's key under `known.settings`, when the caller read it already.
   */
  const awardXp = async (
    input: AwardInput,
    known: { timeZone?: string; read?: AwardRead; settings?: GamificationSettings } = {},
  ): Promise<XpResult> => {
    const { userId } = input;
    const [settings, timeZone] = await Promise.all([
      known.settings ?? repository.loadSettings().then((loaded) => loaded.settings),
      known.timeZone ? Promise.resolve(known.timeZone) : timeZoneOf(userId),
    ]);
    const occurredAt = input.occurredAt ?? now();
    const context = { settings, day: localDay(occurredAt, timeZone), timeZone, occurredAt };

    const key = {
      userId,
      idempotencyKey: input.idempotencyKey,
      eventType: input.eventType,
      day: context.day,
      capped: settings.xp_rules[input.eventType].daily_cap !== null,
    };
    const { account, ...held } = known.read ?? (await repository.readAward(key));
    if (account) {
      const plan = planAward(input, account, held, context);
      if (!plan.write) return plan.result;
      // The learner's tabs hear of the change from the write itself, when it commits.
      const notices = deps.noticesOf?.(userId, [...plan.changed]);
      const saved = await awardsAtOnce.save({ version: account.version, write: plan.write, notices });
      if (saved) {
        const result = plan.finish(saved.grantedBadges);
        if (notices) changedHere(deps, userId);
        else publishChanges(deps, userId, plan.changed);
        return result;
      }
    }

    const locked = await repository.transaction(async (tx) => {
      const lockedAccount = await repository.lockAccount(tx, userId);
      // Read under the account's lock: no other award of this learner moves any of it meanwhile.
      const lockedHeld = await repository.readAwardHeld(key, tx);
      const plan = planAward(input, lockedAccount, lockedHeld, context);
      if (!plan.write) return { result: plan.result, changed: new Set<WatchedTable>() };
      const [saved] = await repository.saveAwards([{ version: lockedAccount.version, write: plan.write }], tx);
      if (!saved) throw new Error('An award under the account’s lock found the account changed.');
      return { result: plan.finish(saved.grantedBadges), changed: plan.changed };
    });
    publishChanges(deps, userId, locked.changed);
    return locked.result;
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
      if (!domainType) throw new AppError('not_found', 'Nothing to award: this did not happen for your account.');
      // The event and what its award decides from are read together, for the award it is when it happened today
      // (as a claim right after the event is); an event of another day is read again for its own day.
      const [{ settings }, timeZone] = await Promise.all([repository.loadSettings(), timeZoneOf(userId)]);
      const key = {
        userId,
        idempotencyKey: awardKeyFor(body.event_type, subjectId),
        eventType: body.event_type,
        day: localDay(now(), timeZone),
        capped: settings.xp_rules[body.event_type].daily_cap !== null,
      };
      const { event, ...read } = await claimsAtOnce.save({ ...key, domainType, subjectId });
      const input = event ? awardForDomainEvent(event) : null;
      if (!input) throw new AppError('not_found', 'Nothing to award: this did not happen for your account.');
      const sameKey =
        input.idempotencyKey === key.idempotencyKey &&
        input.eventType === key.eventType &&
        localDay(input.occurredAt ?? now(), timeZone) === key.day;
      return awardXp(input, { timeZone, settings, read: sameKey ? read : undefined });
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
