import { randomUUID } from 'node:crypto';
import {
  ACHIEVEMENTS,
  type AwardXpBody,
  applyDailyCap,
  applyMultiplier,
  BADGES,
  type BadgeSummary,
  badgeDescription,
  baseXpFor,
  CALENDAR_DAYS,
  DEFAULT_GAMIFICATION_SETTINGS,
  DEFAULT_SHOP_ITEMS,
  EMPTY_STREAK,
  EVENT_METRIC,
  type GamificationSettings,
  isLearningEvent,
  LEADERBOARD_NEIGHBOURS,
  LEADERBOARD_WINDOW_DAYS,
  type Leaderboard,
  localDay,
  type Metric,
  recordStreakActivity,
  type Shop,
  type StreakState,
  type Streaks,
  type StreakType,
  type StreakView,
  settleStreak,
  shiftDay,
  tierReached,
  type UserStats,
  viewStreak,
  type XpEventType,
  type XpResult,
  xpMultiplier,
} from '@portal/shared/gamification';
import { levelForXp, levelProgress } from '@portal/shared/levels';
import type { WATCHED_TABLES } from '@portal/shared/realtime';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { type AuditEventInput, changedValues } from '../audit/audit.service.ts';
import type { DomainEvent, DomainEventType } from '../events/domain-event.types.ts';
import type { AccountRow, GamificationRepository, ShopItemRow, StreakRow } from './gamification.repository.ts';

export type WatchedTable = (typeof WATCHED_TABLES)[number];

/** One award as the engine computes it; the key makes it happen at most once per learner. */
export type AwardInput = {
  userId: string;
  eventType: XpEventType;
  subjectId: string | null;
  /** Points above the pass mark for quizzes, focused minutes for study sessions. */
  value: number | null;
  idempotencyKey: string;
  occurredAt?: Date;
};

/** Which XP event each domain event earns. */
const DOMAIN_EVENT_XP: Partial<Record<DomainEventType, XpEventType>> = {
  'lesson.completed': 'lesson_completed',
  'module.completed': 'module_completed',
  'course.completed': 'course_completed',
  'quiz.passed': 'quiz_passed',
  'scorm.completed': 'scorm_completed',
  'scorm.passed': 'scorm_passed',
  'note.created': 'note_created',
  'goal.completed': 'goal_completed',
  'study_session.completed': 'study_session_completed',
  'flashcard.reviewed': 'flashcard_review',
  'live_session.attended': 'live_session_attended',
  'game.completed': 'game_completed',
};
const XP_DOMAIN_EVENT = Object.fromEntries(
  Object.entries(DOMAIN_EVENT_XP).map(([domain, xp]) => [xp, domain]),
) as Partial<Record<XpEventType, DomainEventType>>;

/** The award a domain event earns: the same event type on the same subject earns once, whatever its event id. */
export function awardForDomainEvent(event: DomainEvent): AwardInput | null {
  const eventType = DOMAIN_EVENT_XP[event.type];
  if (!eventType) return null;
  let value: number | null = null;
  if (event.type === 'quiz.passed') value = event.payload.score - event.payload.passMark;
  if (event.type === 'study_session.completed') value = event.payload.focusedMinutes;
  return {
    userId: event.userId,
    eventType,
    subjectId: event.subjectId,
    value,
    idempotencyKey: `${eventType}:${event.subjectId}`,
    occurredAt: event.occurredAt,
  };
}

const toStreakState = (row: StreakRow | undefined): StreakState =>
  row
    ? {
        current: row.currentLength,
        longest: row.longestLength,
        lastActiveDay: row.lastActiveDay,
        lastCountedDay: row.lastCountedDay,
        freezesHeld: row.freezesHeld,
      }
    : EMPTY_STREAK;

const sameStreak = (a: StreakState, b: StreakState) =>
  a.current === b.current &&
  a.longest === b.longest &&
  a.lastActiveDay === b.lastActiveDay &&
  a.lastCountedDay === b.lastCountedDay &&
  a.freezesHeld === b.freezesHeld;

const streakRowFrom = (
  userId: string,
  streakType: StreakType,
  state: StreakState,
  { freezesUsed, timeZone }: { freezesUsed: number; timeZone: string },
): Omit<StreakRow, 'updatedAt'> => ({
  userId,
  streakType,
  currentLength: state.current,
  longestLength: state.longest,
  lastActiveDay: state.lastActiveDay,
  lastCountedDay: state.lastCountedDay,
  freezesHeld: state.freezesHeld,
  freezesUsed,
  timeZone,
});

const balanceOf = (account: AccountRow) => account.totalXp - account.spentXp;

const badgeSummary = (badge: (typeof BADGES)[number], settings: GamificationSettings): BadgeSummary => ({
  key: badge.key,
  icon: badge.icon,
  name: badge.name,
  description: badgeDescription(badge, settings.badge_thresholds[badge.key]),
});

const conflict = (message: string) => new AppError('conflict', message);

type Logger = Pick<FastifyBaseLogger, 'warn'>;

export function createGamificationService({
  repository,
  timeZoneOf,
  canUseShop,
  publish,
  audit,
  logger,
  now = () => new Date(),
}: {
  repository: GamificationRepository;
  timeZoneOf: (userId: string) => Promise<string>;
  /** Whether the learner's plan includes the points shop (the shop shows it; purchase routes require it). */
  canUseShop: (userId: string) => Promise<boolean>;
  /** Tells the learner's open tabs which of their tables changed; called after the change committed. */
  publish: (userId: string, tables: WatchedTable[]) => void;
  audit: (event: AuditEventInput) => Promise<void>;
  logger: Logger;
  now?: () => Date;
}) {
  const publishChanges = (userId: string, tables: Set<WatchedTable>) => {
    if (tables.size > 0) publish(userId, [...tables]);
  };

  /**
   * The learner's measures. With `onlyEvent`, just the measures one award can move (its event's count, level, total
   * XP, longest streak), so an award costs one indexed count instead of a pass over the whole ledger.
   */
  const metricsOf = async (
    userId: string,
    executor: Db | undefined,
    {
      totalXp,
      longestStreak,
      settings,
      onlyEvent,
    }: { totalXp: number; longestStreak: number; settings: GamificationSettings; onlyEvent?: XpEventType },
  ): Promise<Partial<Record<Metric, number>>> => {
    const metrics: Partial<Record<Metric, number>> = {
      longest_streak: longestStreak,
      level: levelForXp(totalXp, settings.level_thresholds),
      total_xp: totalXp,
    };
    if (onlyEvent) {
      const metric = EVENT_METRIC[onlyEvent];
      if (metric) metrics[metric] = await repository.awardCount(userId, onlyEvent, executor);
      return metrics;
    }
    for (const metric of Object.values(EVENT_METRIC)) metrics[metric] = 0;
    for (const [eventType, count] of await repository.awardCounts(userId, executor)) {
      const metric = EVENT_METRIC[eventType as XpEventType];
      if (metric) metrics[metric] = (metrics[metric] ?? 0) + count;
    }
    return metrics;
  };

  /** Grants the badges now earned and moves achievements forward, inside the caller's transaction. */
  const evaluateProgress = async (
    tx: Db,
    userId: string,
    settings: GamificationSettings,
    { totalXp, longestStreak, onlyEvent }: { totalXp: number; longestStreak: number; onlyEvent?: XpEventType },
  ) => {
    const metrics = await metricsOf(userId, tx, {
      totalXp,
      longestStreak,
      settings,
      ...(onlyEvent ? { onlyEvent } : {}),
    });
    const held = new Set((await repository.listBadges(userId, tx)).map((row) => row.badgeKey));
    const due = BADGES.filter((badge) => {
      const value = metrics[badge.metric];
      return !held.has(badge.key) && value !== undefined && value >= settings.badge_thresholds[badge.key];
    });
    const granted = new Set(
      await repository.grantBadges(
        tx,
        userId,
        due.map((badge) => badge.key),
      ),
    );
    const stored = new Map((await repository.listAchievements(userId, tx)).map((row) => [row.achievementKey, row]));
    const changedAchievements = ACHIEVEMENTS.flatMap((achievement) => {
      const value = metrics[achievement.metric];
      if (value === undefined) return [];
      const next = { key: achievement.key, tier: tierReached(value, achievement.tiers), progress: value };
      const row = stored.get(next.key);
      return !row || row.tier !== next.tier || row.progress !== next.progress ? [next] : [];
    });
    await repository.saveAchievements(tx, userId, changedAchievements);
    return {
      newBadges: due.filter((badge) => granted.has(badge.key)).map((badge) => badgeSummary(badge, settings)),
      achievementsChanged: changedAchievements.length > 0,
    };
  };

  const currentMultiplier = (account: AccountRow, learningStreak: number, at: Date) =>
    xpMultiplier({
      streakDays: learningStreak,
      doubleXp: account.doubleXpUntil !== null && account.doubleXpUntil > at,
    });

  const resultFor = (
    account: AccountRow,
    settings: GamificationSettings,
    fields: Partial<XpResult> & Pick<XpResult, 'multiplier'>,
  ): XpResult => ({
    xp_awarded: 0,
    total_xp: account.totalXp,
    balance: balanceOf(account),
    level: levelForXp(account.totalXp, settings.level_thresholds),
    leveled_up: false,
    new_badges: [],
    item_purchased: null,
    xp_spent: 0,
    duplicate: false,
    error: null,
    ...fields,
  });

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
      const previous = await repository.findLedgerEntry(tx, userId, input.idempotencyKey);
      if (previous) return resultFor(account, settings, { multiplier: previous.multiplier, duplicate: true });

      const rule = settings.xp_rules[eventType];
      const worth = baseXpFor(eventType, input.value, rule);
      // An event worth no XP by its rule (a focus session under five focused minutes) is no learning: it is not
      // recorded, so it moves no streak, badge or achievement. A capped event still counts; only its XP is capped.
      if (worth === 0) {
        const learning = viewStreak(toStreakState(await repository.findStreak(userId, 'learning', tx)), day);
        return resultFor(account, settings, { multiplier: currentMultiplier(account, learning.current, occurredAt) });
      }

      const streakType: StreakType = isLearningEvent(eventType) ? 'learning' : 'login';
      const streakRow = await repository.findStreak(userId, streakType, tx);
      const before = toStreakState(streakRow);
      const movedZone = streakRow && streakRow.timeZone !== timeZone;
      const { state, frozenDays } = recordStreakActivity(before, {
        day,
        dayInPreviousZone: movedZone ? localDay(occurredAt, streakRow.timeZone) : null,
      });
      const learning =
        streakType === 'learning' ? state : toStreakState(await repository.findStreak(userId, 'learning', tx));
      const learningStreak = streakType === 'learning' ? state.current : viewStreak(learning, day).current;

      const multiplier = currentMultiplier(account, learningStreak, occurredAt);
      const earnedToday = rule.daily_cap === null ? 0 : await repository.baseXpOnDay(tx, userId, eventType, day);
      const credited = applyDailyCap(worth, earnedToday, rule.daily_cap);
      const xp = applyMultiplier(credited, multiplier);
      const inserted = await repository.insertLedgerEntry(tx, {
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
      const updated = xp > 0 ? await repository.updateAccount(tx, userId, { addXp: xp }) : account;
      const progress = await evaluateProgress(tx, userId, settings, {
        totalXp: updated.totalXp,
        longestStreak: learning.longest,
        onlyEvent: eventType,
      });
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
    publishChanges(userId, changed);
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

  const shopItemUnavailable = (
    item: ShopItemRow,
    { account, owned, freezesHeld, at }: { account: AccountRow; owned: Set<string>; freezesHeld: number; at: Date },
  ): Shop['items'][number]['unavailable'] => {
    if ((item.kind === 'theme' || item.kind === 'frame') && owned.has(item.id)) return 'owned';
    if (item.kind === 'streak_freeze' && item.maxHeld !== null && freezesHeld >= item.maxHeld) return 'max_held';
    if (item.kind === 'double_xp' && account.doubleXpUntil && account.doubleXpUntil > at) return 'active';
    if (balanceOf(account) < item.cost) return 'balance';
    return null;
  };

  const service = {
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

    /** get_user_stats */
    async getStats(userId: string): Promise<UserStats> {
      const [{ settings }, timeZone, account, streakRows, badgeRows, achievementRows, recent] = await Promise.all([
        repository.loadSettings(),
        timeZoneOf(userId),
        repository.findAccount(userId),
        repository.listStreaks(userId),
        repository.listBadges(userId),
        repository.listAchievements(userId),
        repository.recentAwards(userId, 5),
      ]);
      const at = now();
      const today = localDay(at, timeZone);
      const learningRow = streakRows.find((row) => row.streakType === 'learning');
      const loginRow = streakRows.find((row) => row.streakType === 'login');
      const streak = viewStreak(toStreakState(learningRow), today);
      const tiers = new Map(achievementRows.map((row) => [row.achievementKey, row.tier]));
      return {
        total_xp: account.totalXp,
        balance: balanceOf(account),
        level: levelProgress(account.totalXp, settings.level_thresholds),
        multiplier: currentMultiplier(account, streak.current, at),
        double_xp_until:
          account.doubleXpUntil && account.doubleXpUntil > at ? account.doubleXpUntil.toISOString() : null,
        streak,
        badges: {
          earned: badgeRows.length,
          total: BADGES.length,
          earned_keys: badgeRows.map((row) => row.badgeKey),
        },
        achievements: {
          // Kept up to date by every award, so reading them needs no pass over the ledger.
          tiers_reached: ACHIEVEMENTS.reduce((sum, achievement) => sum + (tiers.get(achievement.key) ?? 0), 0),
          tiers_total: ACHIEVEMENTS.reduce((sum, achievement) => sum + achievement.tiers.length, 0),
        },
        recent_awards: recent.map((row) => ({
          id: row.id,
          event_type: row.eventType as XpEventType,
          xp: row.xp,
          multiplier: row.multiplier,
          created_at: row.createdAt.toISOString(),
        })),
        daily_login_claimed: loginRow?.lastActiveDay === today,
        equipped: { theme: account.equippedTheme, frame: account.equippedFrame },
      };
    },

    async getStreaks(userId: string): Promise<Streaks> {
      const timeZone = await timeZoneOf(userId);
      const today = localDay(now(), timeZone);
      const from = shiftDay(today, -(CALENDAR_DAYS - 1));
      const [rows, active, frozen] = await Promise.all([
        repository.listStreaks(userId),
        repository.learningDays(userId, from, today),
        repository.freezeDays(userId, 'learning', from, today),
      ]);
      const activeDays = new Set(active);
      const frozenDays = new Set(frozen);
      return {
        today,
        time_zone: timeZone,
        streaks: (['learning', 'login'] as const).map((type) => {
          const row = rows.find((candidate) => candidate.streakType === type);
          return { type, ...viewStreak(toStreakState(row), today), freezes_used: row?.freezesUsed ?? 0 };
        }),
        calendar: Array.from({ length: CALENDAR_DAYS }, (_, index) => {
          const day = shiftDay(from, index);
          return {
            day,
            status: activeDays.has(day)
              ? ('active' as const)
              : frozenDays.has(day)
                ? ('frozen' as const)
                : ('none' as const),
          };
        }),
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
      publishChanges(userId, changed);
      return view;
    },

    async getBadges(userId: string) {
      const [{ settings }, account, learning, rows] = await Promise.all([
        repository.loadSettings(),
        repository.findAccount(userId),
        repository.findStreak(userId, 'learning'),
        repository.listBadges(userId),
      ]);
      const metrics = await metricsOf(userId, undefined, {
        totalXp: account.totalXp,
        longestStreak: learning?.longestLength ?? 0,
        settings,
      });
      const earned = new Map(rows.map((row) => [row.badgeKey, row.earnedAt]));
      return {
        badges: BADGES.map((badge) => ({
          ...badgeSummary(badge, settings),
          metric: badge.metric,
          threshold: settings.badge_thresholds[badge.key],
          progress: metrics[badge.metric] ?? 0,
          earned_at: earned.get(badge.key)?.toISOString() ?? null,
        })),
      };
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
      publishChanges(userId, changed);
      return { newBadges };
    },

    async getAchievements(userId: string) {
      const [{ settings }, account, learning] = await Promise.all([
        repository.loadSettings(),
        repository.findAccount(userId),
        repository.findStreak(userId, 'learning'),
      ]);
      const metrics = await metricsOf(userId, undefined, {
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

    async getShop(userId: string): Promise<Shop> {
      const timeZone = await timeZoneOf(userId);
      const at = now();
      const [items, account, owned, streak, allowed] = await Promise.all([
        repository.listShopItems(),
        repository.findAccount(userId),
        repository.ownedItemIds(userId),
        repository.findStreak(userId, 'learning').then((row) => viewStreak(toStreakState(row), localDay(at, timeZone))),
        canUseShop(userId),
      ]);
      return {
        balance: balanceOf(account),
        allowed,
        double_xp_until:
          account.doubleXpUntil && account.doubleXpUntil > at ? account.doubleXpUntil.toISOString() : null,
        items: items.map((item) => ({
          id: item.id,
          kind: item.kind,
          name: item.name,
          cost: item.cost,
          max_held: item.maxHeld,
          duration_minutes: item.durationMinutes,
          held:
            item.kind === 'streak_freeze'
              ? streak.freezes_held
              : item.kind === 'double_xp'
                ? 0
                : owned.has(item.id)
                  ? 1
                  : 0,
          owned: owned.has(item.id),
          equipped: account.equippedTheme === item.id || account.equippedFrame === item.id,
          unavailable: shopItemUnavailable(item, { account, owned, freezesHeld: streak.freezes_held, at }),
        })),
      };
    },

    /**
     * purchase_item: one transaction with the learner's account row locked, so concurrent purchases are counted one
     * after the other and the balance never goes below zero. A repeated idempotency key returns the first answer.
     */
    async purchaseItem({
      userId,
      itemId,
      idempotencyKey,
    }: {
      userId: string;
      itemId: string;
      idempotencyKey?: string | undefined;
    }): Promise<XpResult> {
      const item = await repository.findShopItem(itemId);
      if (!item) throw new AppError('not_found', 'This item is not in the shop.');
      const [{ settings }, timeZone] = await Promise.all([repository.loadSettings(), timeZoneOf(userId)]);
      const at = now();
      const today = localDay(at, timeZone);
      const key = `purchase:${idempotencyKey ?? randomUUID()}`;
      const changed = new Set<WatchedTable>();
      const result = await repository.transaction(async (tx) => {
        const account = await repository.lockAccount(tx, userId);
        const streakRow = await repository.findStreak(userId, 'learning', tx);
        const settled = settleStreak(toStreakState(streakRow), today);
        const previous = await repository.findPurchase(tx, userId, key);
        if (previous) {
          if (previous.itemId !== item.id) throw conflict('This purchase key was already used for another item.');
          return resultFor(account, settings, {
            multiplier: currentMultiplier(account, settled.state.current, at),
            item_purchased: { id: item.id, name: item.name },
            xp_spent: previous.cost,
            duplicate: true,
          });
        }
        if (item.kind === 'streak_freeze' && item.maxHeld !== null && settled.state.freezesHeld >= item.maxHeld) {
          throw conflict(`You already hold ${item.maxHeld} streak freezes, the most you can keep.`);
        }
        if (item.kind === 'double_xp' && account.doubleXpUntil && account.doubleXpUntil > at) {
          throw conflict('Your double XP boost is still running.');
        }
        if (
          (item.kind === 'theme' || item.kind === 'frame') &&
          (await repository.ownedItemIds(userId, tx)).has(item.id)
        ) {
          throw conflict('You already own this item.');
        }
        const balance = balanceOf(account);
        if (balance < item.cost) {
          throw new AppError(
            'insufficient_xp',
            `Not enough XP: ${item.name} costs ${item.cost} XP and your balance is ${balance} XP.`,
          );
        }
        await repository.insertLedgerEntry(tx, {
          userId,
          kind: 'spend',
          eventType: 'purchase',
          subjectId: item.id,
          idempotencyKey: key,
          baseXp: -item.cost,
          multiplier: 1,
          xp: -item.cost,
          localDay: today,
        });
        await repository.insertPurchase(tx, { userId, itemId: item.id, cost: item.cost, idempotencyKey: key });
        const updated = await repository.updateAccount(tx, userId, {
          addSpent: item.cost,
          ...(item.kind === 'double_xp'
            ? { doubleXpUntil: new Date(at.getTime() + (item.durationMinutes ?? 30) * 60_000) }
            : {}),
          ...(item.kind === 'theme' ? { equippedTheme: item.id } : {}),
          ...(item.kind === 'frame' ? { equippedFrame: item.id } : {}),
        });
        changed.add('user_xp');
        if (item.kind === 'streak_freeze') {
          const state = { ...settled.state, freezesHeld: settled.state.freezesHeld + 1 };
          await repository.saveStreak(
            tx,
            streakRowFrom(userId, 'learning', state, {
              freezesUsed: (streakRow?.freezesUsed ?? 0) + settled.frozenDays.length,
              timeZone: streakRow?.timeZone ?? timeZone,
            }),
          );
          await repository.addFreezeDays(tx, userId, 'learning', settled.frozenDays);
          changed.add('streaks');
        }
        return resultFor(updated, settings, {
          multiplier: currentMultiplier(updated, settled.state.current, at),
          item_purchased: { id: item.id, name: item.name },
          xp_spent: item.cost,
        });
      });
      publishChanges(userId, changed);
      return result;
    },

    /** Wears a theme or frame the learner owns. */
    async equipItem(userId: string, itemId: string): Promise<Shop> {
      const item = await repository.findShopItem(itemId);
      if (!item || (item.kind !== 'theme' && item.kind !== 'frame')) {
        throw new AppError('not_found', 'Only themes and frames you own can be worn.');
      }
      await repository.transaction(async (tx) => {
        await repository.lockAccount(tx, userId);
        if (!(await repository.ownedItemIds(userId, tx)).has(item.id)) throw conflict('You do not own this item yet.');
        await repository.updateAccount(
          tx,
          userId,
          item.kind === 'theme' ? { equippedTheme: item.id } : { equippedFrame: item.id },
        );
      });
      return service.getShop(userId);
    },

    async getLeaderboard(userId: string): Promise<Leaderboard> {
      const [{ settings }, account] = await Promise.all([repository.loadSettings(), repository.findAccount(userId)]);
      const base = { opted_in: account.leaderboardOptIn, window_days: LEADERBOARD_WINDOW_DAYS };
      if (!account.leaderboardOptIn) return { ...base, entries: [] };
      const rows = await repository.leaderboardAround(userId, {
        since: new Date(now().getTime() - LEADERBOARD_WINDOW_DAYS * 86_400_000),
        neighbours: LEADERBOARD_NEIGHBOURS,
      });
      return {
        ...base,
        entries: rows.map((row) => ({
          rank: row.rank,
          display_name: row.display_name?.trim() || row.full_name?.trim().split(/\s+/)[0] || 'Learner',
          level: levelForXp(row.total_xp, settings.level_thresholds),
          xp: row.xp,
          is_you: row.user_id === userId,
        })),
      };
    },

    async setLeaderboardOptIn(userId: string, optedIn: boolean): Promise<Leaderboard> {
      await repository.setLeaderboardOptIn(userId, optedIn);
      return service.getLeaderboard(userId);
    },

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

    /** What the learner home shows: total XP, current streak, achievements (badges plus tiers). */
    async dashboardSummary(userId: string) {
      const stats = await service.getStats(userId);
      return {
        totalXp: stats.total_xp,
        currentStreak: stats.streak.current,
        achievements: stats.badges.earned + stats.achievements.tiers_reached,
        streakSafeToday: stats.streak.today_done,
      };
    },

    xpByDay: (userId: string, range: { from: Date; to: Date; timeZone: string }) => repository.xpByDay(userId, range),

    ensureShopItems: () => repository.ensureShopItems(DEFAULT_SHOP_ITEMS),
  };

  return service;
}
export type GamificationService = ReturnType<typeof createGamificationService>;
