import { type SQL, sql } from 'drizzle-orm';
import { BuiltOnce, valueFor } from '../../db/built-once.ts';
import type { Db } from '../../db/client.ts';
import { jsonRows } from '../../db/json-rows.ts';
import { genericPlan } from '../../db/preparing-client.ts';
import { domainEvents } from '../../db/schema.ts';
import {
  jsonDate,
  type ReadPart,
  readPart,
  togetherColumns,
  togetherStatement,
  valuesOf,
} from '../../read-together.ts';
import type { DomainEvent } from '../events/domain-event.types.ts';
import { type streaks, userXp, xpAccounts, xpAwardCounts } from './gamification.table.ts';
import type { AwardHeld } from './gamification-award-plan.ts';
import { AWARDS_PER_STATEMENT, type AwardAtOnce, saveAwardsAtOnce } from './gamification-awards-at-once.ts';

type AccountRow = typeof xpAccounts.$inferSelect;
type StreakRow = typeof streaks.$inferSelect;

/** A learner's XP account as read, with the version of its row (PostgreSQL's `xmin`). */
export type VersionedAccount = AccountRow & { version: string };

/**
 * Who, which key, which kind and which local day an award is about, and whether its kind has a daily cap (only then is
 * the day's XP of its kind read): the values its read is run with.
 */
export type AwardKey = { userId: string; idempotencyKey: string; eventType: string; day: string; capped: boolean };

/** An award a client claims: its key, and the domain event it names (`readClaimedAwards`). */
export type ClaimedAward = AwardKey & { domainType: string; subjectId: string };

/** The parts of other repositories an award reads. */
type AwardReads = {
  streaksPart: (userId: SQL) => ReadPart<StreakRow[]>;
  heldProgressPart: (userId: SQL) => ReadPart<AwardHeld['progress']>;
};

type AccountJson = Omit<AccountRow, 'doubleXpUntil' | 'updatedAt'> & {
  doubleXpUntil: string | null;
  updatedAt: string;
  version: string;
};

/** The learner's first domain event of `type` about `subjectId`, null when there is none. */
const domainEventPart = (userId: SQL, type: SQL, subjectId: SQL) =>
  readPart(
    sql`select json_build_object('id', e.id, 'type', e.type, 'userId', e.user_id, 'subjectId', e.subject_id,
        'payload', e.payload, 'occurredAt', e.occurred_at)
      from ${domainEvents} e
      where e.user_id = ${userId} and e.type = ${type} and e.subject_id = ${subjectId}
      order by e.occurred_at limit 1`,
    (value): DomainEvent | null => {
      const event = value as (Omit<DomainEvent, 'occurredAt'> & { occurredAt: string }) | null;
      return event ? ({ ...event, occurredAt: new Date(event.occurredAt) } as DomainEvent) : null;
    },
  );

/** The multiplier of the ledger row with this key, null when the key is unused. */
const ledgerMultiplierPart = (userId: string | SQL, idempotencyKey: string | SQL) =>
  readPart(
    sql`select x.multiplier from ${userXp} x where x.user_id = ${userId} and x.idempotency_key = ${idempotencyKey}`,
    (value) => value as number | null,
  );
/** The learner's base XP of one kind on one day; 0 when the kind has no daily cap (not read then). */
const baseXpOnDayPart = (userId: string | SQL, eventType: string | SQL, day: string | SQL, capped: boolean | SQL) =>
  readPart(
    sql`select case when ${capped} then (select coalesce(sum(x.base_xp), 0)::int from ${userXp} x
      where x.user_id = ${userId} and x.kind = 'award' and x.event_type = ${eventType} and x.local_day = ${day})
      else 0 end`,
    (value) => Number(value ?? 0),
  );
/** How many awards of each kind (or of one) the learner has. */
const awardCountsPart = (userId: string | SQL, eventType?: string | SQL) =>
  readPart(
    sql`select coalesce(json_object_agg(c.event_type, c.count), '{}'::json) from ${xpAwardCounts} c
      where c.user_id = ${userId} ${eventType === undefined ? sql`` : sql`and c.event_type = ${eventType}`}`,
    (value) => new Map(Object.entries((value ?? {}) as Record<string, number>)),
  );
/** The learner's account with the version of its row, null when they have none yet. */
const versionedAccountPart = (userId: string | SQL) =>
  readPart(
    sql`select json_build_object('userId', a.user_id, 'totalXp', a.total_xp, 'spentXp', a.spent_xp,
      'doubleXpUntil', a.double_xp_until, 'leaderboardOptIn', a.leaderboard_opt_in,
      'equippedTheme', a.equipped_theme, 'equippedFrame', a.equipped_frame, 'updatedAt', a.updated_at,
      'version', a.xmin::text)
      from ${xpAccounts} a where a.user_id = ${userId}`,
    (value): VersionedAccount | null => {
      if (!value) return null;
      const json = value as AccountJson;
      return { ...json, doubleXpUntil: jsonDate(json.doubleXpUntil), updatedAt: new Date(json.updatedAt) };
    },
  );

/** What an award decides from, read with placeholders for the key's values (see `AwardKey`). */
const heldAwardParts = (reads: AwardReads, userId: SQL) => ({
  previous: ledgerMultiplierPart(userId, valueFor('idempotencyKey')),
  streaks: reads.streaksPart(userId),
  earnedToday: baseXpOnDayPart(userId, valueFor('eventType'), valueFor('day'), sql`${valueFor('capped')}::boolean`),
  counts: awardCountsPart(userId, valueFor('eventType')),
  progress: reads.heldProgressPart(userId),
});

const claimed = (column: string) => sql.raw(`k.${column}`);

/** What a claimed award decides from, with the domain event it names, read from the claims' row `k`. */
const claimedAwardParts = (reads: AwardReads) => ({
  event: domainEventPart(claimed('user_id'), claimed('domain_type'), claimed('subject_id')),
  account: versionedAccountPart(claimed('user_id')),
  previous: ledgerMultiplierPart(claimed('user_id'), claimed('idempotency_key')),
  streaks: reads.streaksPart(claimed('user_id')),
  earnedToday: baseXpOnDayPart(claimed('user_id'), claimed('event_type'), claimed('day'), claimed('capped')),
  counts: awardCountsPart(claimed('user_id'), claimed('event_type')),
  progress: reads.heldProgressPart(claimed('user_id')),
});

const CLAIMED_KEYS = [
  'ord int, user_id text, idempotency_key text, event_type text, day date, capped boolean',
  'domain_type text, subject_id text',
].join(', ');

/** The claims as the JSON rows the claimed-awards statement reads (`CLAIMED_KEYS`). */
const claimedKeysJson = (claims: readonly ClaimedAward[]) =>
  JSON.stringify(
    claims.map((claim, ord) => ({
      ord,
      user_id: claim.userId,
      idempotency_key: claim.idempotencyKey,
      event_type: claim.eventType,
      day: claim.day,
      capped: claim.capped,
      domain_type: claim.domainType,
      subject_id: claim.subjectId,
    })),
  );

/** Runs the read of `parts`, built once under `name`, with `values` for its placeholders. */
function builtOnceReader(statements: BuiltOnce) {
  return async <P extends Record<string, ReadPart<unknown>>>(
    executor: Db,
    name: string,
    parts: P,
    values: Record<string, unknown>,
  ) => {
    const [row = {}] = await statements.run<Record<string, unknown>>(
      executor,
      name,
      () => togetherStatement(parts),
      values,
    );
    return valuesOf(parts, row);
  };
}

/**
 * An award's read and write: each built once per shape with placeholders (`BuiltOnce`) and run with the award's
 * values, as the hottest write of the product must not spend its time building statements.
 */
export function createAwardRepository(db: Db, reads: AwardReads) {
  const userId = valueFor('userId');
  const heldParts = heldAwardParts(reads, userId);
  const withAccount = { account: versionedAccountPart(userId), ...heldParts };
  const claimedParts = claimedAwardParts(reads);
  /** `readAward` for the awards of many learners, one row each, with the domain event each claims. */
  const claimedStatement = () =>
    genericPlan(sql`select k.ord, ${togetherColumns(claimedParts)}
      from (${jsonRows('keys', 'k', CLAIMED_KEYS, [], AWARDS_PER_STATEMENT)}) k order by k.ord`);
  const statements = new BuiltOnce();
  const readBuiltOnce = builtOnceReader(statements);

  return {
    awardCountsPart,
    versionedAccountPart,

    /** What an award decides from, with the learner's account and its version (null when they have none yet). */
    readAward: (key: AwardKey): Promise<AwardHeld & { account: VersionedAccount | null }> =>
      readBuiltOnce(db, 'read with account', withAccount, key),

    /**
     * `readAward` for awards clients claim, of different learners, in one statement: each with the domain event it
     * claims (null when it did not happen for this learner). A key is what the award would be if the event happened
     * on `key.day`. Answers in the claims' order.
     */
    async readClaimedAwards(claims: readonly ClaimedAward[]) {
      const rows = await statements.run<Record<string, unknown>>(db, 'claimed awards', claimedStatement, {
        keys: claimedKeysJson(claims),
      });
      const byOrd = new Map(rows.map((row) => [row.ord, row]));
      return Promise.all(claims.map((_, ord) => valuesOf(claimedParts, byOrd.get(ord) ?? {})));
    },

    /** What an award decides from, inside the caller's transaction (which holds the account's lock). */
    readAwardHeld: (key: AwardKey, executor: Db): Promise<AwardHeld> => readBuiltOnce(executor, 'read', heldParts, key),

    /**
     * Saves awards of different learners in one statement, each only if its account is still the version read: the
     * badges each granted, or undefined (and nothing of it written) when its account changed since it was read; see
     * `saveAwardsAtOnce`. Outside a transaction nothing is locked across round trips; inside the caller's transaction
     * when given one.
     */
    saveAwards: (awards: readonly AwardAtOnce[], executor: Db = db) => saveAwardsAtOnce(executor, statements, awards),
  };
}
