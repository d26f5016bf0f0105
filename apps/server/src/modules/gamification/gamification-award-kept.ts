import type { GamificationSettings } from '@portal/shared/gamification';
import type { AccountRow } from './gamification.repository.ts';
import type { VersionedAccount } from './gamification-award.repository.ts';
import type { AwardHeld } from './gamification-award-plan.ts';
import type { AwardWrite } from './gamification-awards-at-once.ts';

/**
 * What a learner's awards decide from, kept on this instance as it stood at one version of their XP account. Every
 * change to it (an award, a purchase, a streak settled) changes the account row in the same transaction, so while the
 * account is at `version` all of it still holds; a write decided from it goes ahead only if it is (`saveAwards`).
 * Which keys were used is not kept: a write decided from this checks its key itself.
 */
type Kept = {
  version: string;
  account: AccountRow;
  settings: GamificationSettings;
  timeZone: string;
  streaks: AwardHeld['streaks'];
  /** Awards of a kind so far, for the kinds read. */
  counts: Map<string, number>;
  /** Base XP of a capped kind on a day (`kind day`), for the kinds and days read. */
  earned: Map<string, number>;
  progress: AwardHeld['progress'];
};

/** Which award a kept state is asked for: its learner, kind, local day, and the rules and zone it follows. */
export type KeptKey = {
  userId: string;
  eventType: string;
  day: string;
  capped: boolean;
  settings: GamificationSettings;
  timeZone: string;
};

/** What an award was decided from and what it wrote, with the account's version its write left. */
export type AwardDone = {
  key: KeptKey;
  account: VersionedAccount;
  held: Omit<AwardHeld, 'previous'>;
  write: AwardWrite;
  version: string;
};

const withoutVersion = ({ version: _version, ...account }: VersionedAccount): AccountRow => account;

const earnedKey = (eventType: string, day: string) => `${eventType} ${day}`;

/** The achievements held after `write`: those it moved replaced, the others as they were. */
function achievementsAfter(held: AwardHeld['progress']['achievements'], write: AwardWrite) {
  const moved = new Map(write.achievements.map((row) => [row.key, row]));
  const kept = held.filter((row) => !moved.has(row.achievementKey));
  return [...kept, ...write.achievements.map(({ key, tier, progress }) => ({ achievementKey: key, tier, progress }))];
}

/** The learner's state after `done`, merged with what was kept of them before at the version the award read. */
function stateAfter(done: AwardDone, before: Kept | undefined): Kept {
  const { key, account, held, write, version } = done;
  const counts = new Map(before?.counts);
  for (const [kind, count] of held.counts) counts.set(kind, count);
  counts.set(key.eventType, (held.counts.get(key.eventType) ?? 0) + 1);
  const earned = new Map(before?.earned);
  const dayKey = earnedKey(key.eventType, key.day);
  if (key.capped) earned.set(dayKey, held.earnedToday + write.ledger.baseXp);
  const streak = write.streak;
  const streaks = streak
    ? [
        ...held.streaks.filter((row) => row.streakType !== streak.row.streakType),
        { ...streak.row, updatedAt: new Date() },
      ]
    : held.streaks;
  return {
    version,
    account: { ...withoutVersion(account), totalXp: account.totalXp + write.ledger.xp, updatedAt: new Date() },
    settings: key.settings,
    timeZone: key.timeZone,
    streaks,
    counts,
    earned,
    progress: {
      badges: [...new Set([...held.progress.badges, ...write.badgeKeys])],
      achievements: achievementsAfter(held.progress.achievements, write),
    },
  };
}

/**
 * Learners' award state kept per instance (see `Kept`), so most of a learner's awards are decided without reading the
 * database and written in one round trip. At most `limit` learners are kept; past it, all are forgotten.
 */
export function createKeptAwards(limit = 10_000) {
  const kept = new Map<string, Kept>();

  return {
    /**
     * What an award of `key` decides from, as kept (its key taken as unused), or null when the learner is not kept
     * under the same rules and zone, or the kind's count or the day's capped XP was never read.
     */
    held(key: KeptKey): { account: VersionedAccount; held: AwardHeld } | null {
      const state = kept.get(key.userId);
      if (!state || state.settings !== key.settings || state.timeZone !== key.timeZone) return null;
      if (state.streaks.some((row) => row.timeZone !== key.timeZone)) return null;
      const count = state.counts.get(key.eventType);
      const earnedToday = key.capped ? state.earned.get(earnedKey(key.eventType, key.day)) : 0;
      if (count === undefined || earnedToday === undefined) return null;
      return {
        account: { ...state.account, version: state.version },
        held: {
          previous: null,
          streaks: state.streaks,
          earnedToday,
          counts: new Map([[key.eventType, count]]),
          progress: state.progress,
        },
      };
    },

    /** Keeps the learner's state after an award's write committed. */
    done(award: AwardDone) {
      const before = kept.get(award.key.userId);
      const merge = before && before.version === award.account.version ? before : undefined;
      if (!before && kept.size >= limit) kept.clear();
      kept.set(award.key.userId, stateAfter(award, merge));
    },

    /** Forgets the learner (their account changed in a way not kept here). */
    drop(userId: string) {
      kept.delete(userId);
    },
  };
}
export type KeptAwards = ReturnType<typeof createKeptAwards>;
