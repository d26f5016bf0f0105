import {
  type BADGES,
  type BadgeSummary,
  badgeDescription,
  EMPTY_STREAK,
  type GamificationSettings,
  type StreakState,
  type StreakType,
  type XpEventType,
  type XpResult,
  xpMultiplier,
} from '@portal/shared/gamification';
import { levelForXp } from '@portal/shared/levels';
import type { WATCHED_TABLES } from '@portal/shared/realtime';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeCache } from '../../change-cache.ts';
import type { Notice } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { AuditEventInput } from '../audit/audit.service.ts';
import type { DomainEvent, DomainEventType } from '../events/domain-event.types.ts';
import type { AccountRow, GamificationRepository, StreakRow } from './gamification.repository.ts';
import type { StatsSnapshot } from './gamification-stats.repository.ts';

export type WatchedTable = (typeof WATCHED_TABLES)[number];

/** What every part of the gamification service works with. */
export type GamificationDeps = {
  repository: GamificationRepository;
  timeZoneOf: (userId: string) => Promise<string>;
  /** Whether the learner's plan includes the points shop (the shop shows it; purchase routes require it). */
  canUseShop: (userId: string) => Promise<boolean>;
  /** Tells the learner's open tabs which of their tables changed; called after the change committed. */
  publish: (userId: string, tables: WatchedTable[]) => void;
  /**
   * What `publish` would send, as notices a write sends when it commits (`saveAwards`); without it, awards publish
   * after their write.
   */
  noticesOf?: (userId: string, tables: WatchedTable[]) => Notice[];
  /**
   * What get_user_stats reads, kept per learner until they change (`learnerViewCache`); without it, every call reads
   * the database.
   */
  statsSnapshots?: Pick<ChangeCache<StatsSnapshot>, 'get' | 'drop'>;
  audit: (event: AuditEventInput) => Promise<void>;
  logger: Pick<FastifyBaseLogger, 'warn'>;
  now: () => Date;
};

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
export const XP_DOMAIN_EVENT = Object.fromEntries(
  Object.entries(DOMAIN_EVENT_XP).map(([domain, xp]) => [xp, domain]),
) as Partial<Record<XpEventType, DomainEventType>>;

/** The idempotency key of the award for `eventType` on `subjectId`: the same event on the same subject earns once. */
export const awardKeyFor = (eventType: XpEventType, subjectId: string) => `${eventType}:${subjectId}`;

/** Whether the award of a domain event of `type` takes a value from its payload (else its type and subject decide it). */
export const awardReadsPayload = (type: DomainEventType | string) =>
  type === 'quiz.passed' || type === 'study_session.completed';

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
    idempotencyKey: awardKeyFor(eventType, event.subjectId),
    occurredAt: event.occurredAt,
  };
}

export const toStreakState = (row: StreakRow | undefined): StreakState =>
  row
    ? {
        current: row.currentLength,
        longest: row.longestLength,
        lastActiveDay: row.lastActiveDay,
        lastCountedDay: row.lastCountedDay,
        freezesHeld: row.freezesHeld,
      }
    : EMPTY_STREAK;

export const sameStreak = (a: StreakState, b: StreakState) =>
  a.current === b.current &&
  a.longest === b.longest &&
  a.lastActiveDay === b.lastActiveDay &&
  a.lastCountedDay === b.lastCountedDay &&
  a.freezesHeld === b.freezesHeld;

export const streakRowFrom = (
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

export const balanceOf = (account: AccountRow) => account.totalXp - account.spentXp;

export const badgeSummary = (badge: (typeof BADGES)[number], settings: GamificationSettings): BadgeSummary => ({
  key: badge.key,
  icon: badge.icon,
  name: badge.name,
  description: badgeDescription(badge, settings.badge_thresholds[badge.key]),
});

export const conflict = (message: string) => new AppError('conflict', message);

export const currentMultiplier = (account: AccountRow, learningStreak: number, at: Date) =>
  xpMultiplier({
    streakDays: learningStreak,
    doubleXp: account.doubleXpUntil !== null && account.doubleXpUntil > at,
  });

/** An award_xp or purchase answer: the account as it stands, with what this call changed. */
export const resultFor = (
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

/**
 * After a change of the learner's rows committed: this instance forgets their kept stats before it answers (the
 * notices tell the other instances, a moment later).
 */
export const changedHere = (deps: Pick<GamificationDeps, 'statsSnapshots'>, userId: string) => {
  deps.statsSnapshots?.drop(userId);
};

/** Pushes the changed tables to the learner's tabs, if any changed. */
export const publishChanges = (
  deps: Pick<GamificationDeps, 'publish' | 'statsSnapshots'>,
  userId: string,
  tables: Set<WatchedTable>,
) => {
  if (tables.size === 0) return;
  changedHere(deps, userId);
  deps.publish(userId, [...tables]);
};
