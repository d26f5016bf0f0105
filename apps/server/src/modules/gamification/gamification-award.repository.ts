import { type Column, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { BuiltOnce, valueFor } from '../../db/built-once.ts';
import type { Db, Notice } from '../../db/client.ts';
import { domainEvents } from '../../db/schema.ts';
import { jsonDate, type ReadPart, readPart, togetherStatement, valuesOf } from '../../read-together.ts';
import type { DomainEvent } from '../events/domain-event.types.ts';
import { streaks, userXp, xpAccounts, xpAwardCounts } from './gamification.table.ts';
import type { AwardHeld } from './gamification-award-plan.ts';
import { achievementsSaved, badgesGranted, freezeDaysAdded, streakSaved } from './gamification-writes.ts';

type AccountRow = typeof xpAccounts.$inferSelect;
type StreakRow = typeof streaks.$inferSelect;

/** A learner's XP account as read, with the version of its row (PostgreSQL's `xmin`). */
export type VersionedAccount = AccountRow & { version: string };

/** Everything one award writes, decided from what was read (`planAward`). */
export type AwardWrite = {
  ledger: Omit<typeof userXp.$inferInsert, 'id'> & { xp: number };
  streak: { row: Omit<StreakRow, 'updatedAt'>; frozenDays: string[] } | null;
  badgeKeys: string[];
  achievements: { key: string; tier: number; progress: number }[];
};

/** Who, which key, which kind and which local day an award is about: the values its read is run with. */
export type AwardKey = { userId: string; idempotencyKey: string; eventType: string; day: string };

/** The parts of other repositories an award reads. */
type AwardReads = {
  streaksPart: (userId: SQL) => ReadPart<StreakRow[]>;
  heldProgressPart: (userId: SQL) => ReadPart<AwardHeld['progress']>;
};

/**
 * The statement's last column fails to convert when the account was not the version read, or the key was used: the
 * whole statement, whose steps are all written by then, is undone.
 */
const CHANGED_SINCE_READ = 'xp account changed since it was read';

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

/** Placeholders named `prefix.key` for the keys of `row`, each encoded by its column in `columns`. */
const placeholders = <T extends object>(prefix: string, row: T, columns: Record<string, Column>) =>
  Object.fromEntries(Object.keys(row).map((key) => [key, valueFor(`${prefix}.${key}`, columns[key])])) as {
    [K in keyof T]: SQL;
  };

/** Adds `row`'s values to `values` under the placeholder names `placeholders` gives them. */
const fill = (values: Record<string, unknown>, prefix: string, row: object) => {
  for (const [key, value] of Object.entries(row)) values[`${prefix}.${key}`] = value;
};

/**
 * An award's read and write: each built once per shape with placeholders (`BuiltOnce`) and run with the award's
 * values, as the hottest write of the product must not spend its time building statements.
 */
export function createAwardRepository(db: Db, reads: AwardReads) {
  const ledgerMultiplierPart = (userId: string | SQL, idempotencyKey: string | SQL) =>
    readPart(
      sql`select x.multiplier from ${userXp} x where x.user_id = ${userId} and x.idempotency_key = ${idempotencyKey}`,
      (value) => value as number | null,
    );
  const baseXpOnDayPart = (userId: string | SQL, eventType: string | SQL, day: string | SQL) =>
    readPart(
      sql`select coalesce(sum(x.base_xp), 0)::int from ${userXp} x
        where x.user_id = ${userId} and x.kind = 'award' and x.event_type = ${eventType} and x.local_day = ${day}`,
      (value) => Number(value ?? 0),
    );
  const awardCountsPart = (userId: string | SQL, eventType?: string | SQL) =>
    readPart(
      sql`select coalesce(json_object_agg(c.event_type, c.count), '{}'::json) from ${xpAwardCounts} c
        where c.user_id = ${userId} ${eventType === undefined ? sql`` : sql`and c.event_type = ${eventType}`}`,
      (value) => new Map(Object.entries((value ?? {}) as Record<string, number>)),
    );
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

  const userId = valueFor('userId');
  const heldParts = {
    previous: ledgerMultiplierPart(userId, valueFor('idempotencyKey')),
    streaks: reads.streaksPart(userId),
    earnedToday: baseXpOnDayPart(userId, valueFor('eventType'), valueFor('day')),
    counts: awardCountsPart(userId, valueFor('eventType')),
    progress: reads.heldProgressPart(userId),
  };
  const withAccount = { account: versionedAccountPart(userId), ...heldParts };
  const withEvent = { event: domainEventPart(userId, valueFor('domainType'), valueFor('subjectId')), ...withAccount };
  const statements = new BuiltOnce();
  /** Runs the read of `parts`, built once under `name`, with `values` for its placeholders. */
  const readBuiltOnce = async <P extends Record<string, ReadPart<unknown>>>(
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

  return {
    awardCountsPart,
    versionedAccountPart,

    /** What an award decides from, with the learner's account and its version (null when they have none yet). */
    readAward: (key: AwardKey): Promise<AwardHeld & { account: VersionedAccount | null }> =>
      readBuiltOnce(db, 'read with account', withAccount, key),

    /**
     * `readAward` for an award a client claims, with the domain event it claims (null when it did not happen for
     * this learner) read in the same statement. `key` is what the award would be if the event happened on `key.day`.
     */
    readClaimedAward: (key: AwardKey, claimed: { domainType: string; subjectId: string }) =>
      readBuiltOnce(db, 'read with account and event', withEvent, { ...key, ...claimed }),

    /** What an award decides from, inside the caller's transaction (which holds the account's lock). */
    readAwardHeld: (key: AwardKey, executor: Db): Promise<AwardHeld> => readBuiltOnce(executor, 'read', heldParts, key),

    /**
     * Writes an award in one statement: the ledger row, the XP credited to the account, the streak moved (with the
     * days its freezes covered), the badges granted and the achievements moved forward. Only if the account is still
     * the version read (`version`) and the key unused: every award, purchase and streak change of the learner changes
     * the account row first, so its version vouches for everything the award was decided from. Outside a transaction
     * nothing is locked across round trips; inside the caller's transaction when given one. Returns the badge keys
     * granted, or undefined (and nothing written) when the account changed since it was read: the caller then decides
     * again under the account's lock. `notices` are sent by the same statement, so they go out when it commits.
     */
    async saveAward(
      version: string,
      write: AwardWrite,
      { executor = db, notices = [] }: { executor?: Db; notices?: Notice[] } = {},
    ): Promise<{ grantedBadges: string[] } | undefined> {
      const { ledger, streak, badgeKeys, achievements } = write;
      const values: Record<string, unknown> = { version, userId: ledger.userId, xp: ledger.xp };
      fill(values, 'ledger', ledger);
      if (streak) fill(values, 'streak', streak.row);
      for (const [index, day] of (streak?.frozenDays ?? []).entries()) values[`frozen.${index}`] = day;
      for (const [index, key] of badgeKeys.entries()) values[`badge.${index}`] = key;
      for (const [index, row] of achievements.entries()) fill(values, `achievement.${index}`, row);
      for (const [index, notice] of notices.entries()) fill(values, `notice.${index}`, notice);
      const shape = [
        Object.keys(ledger).join(),
        streak ? Object.keys(streak.row).join() : '-',
        streak?.frozenDays.length ?? 0,
        badgeKeys.length,
        achievements.length,
        notices.length,
      ].join('|');
      try {
        const [row] = await statements.run<{ granted: string[] }>(
          executor,
          shape,
          () => awardStatement(executor, write, notices.length),
          values,
        );
        return { grantedBadges: row?.granted ?? [] };
      } catch (error) {
        if (error instanceof Error && changedSinceRead(error)) return undefined;
        throw error;
      }
    },
  };
}

/** `saveAward`'s statement for a write of `write`'s shape and `notices` notices, with placeholders for every value. */
function awardStatement(executor: Db, { ledger, streak, badgeKeys, achievements }: AwardWrite, notices: number): SQL {
  const userId = valueFor('userId');
  const steps: SQL[] = [
    sql`credited as (${executor
      .update(xpAccounts)
      .set({ totalXp: sql`${xpAccounts.totalXp} + ${valueFor('xp')}`, updatedAt: sql`now()` })
      .where(sql`${xpAccounts.userId} = ${userId} and ${xpAccounts}.xmin::text = ${valueFor('version')}`)
      .returning({ userId: xpAccounts.userId })
      .getSQL()})`,
    sql`inserted as (${executor
      .insert(userXp)
      .values(placeholders('ledger', ledger, getTableColumns(userXp)))
      .onConflictDoNothing({ target: [userXp.userId, userXp.idempotencyKey] })
      .returning({ id: userXp.id })
      .getSQL()})`,
  ];
  if (streak) {
    const row = placeholders('streak', streak.row, getTableColumns(streaks));
    steps.push(sql`streak as (${streakSaved(executor, row).getSQL()})`);
    if (streak.frozenDays.length > 0) {
      const days = streak.frozenDays.map((_, index) => valueFor(`frozen.${index}`));
      steps.push(sql`frozen as (${freezeDaysAdded(executor, userId, row.streakType, days).getSQL()})`);
    }
  }
  if (badgeKeys.length > 0) {
    const keys = badgeKeys.map((_, index) => valueFor(`badge.${index}`));
    steps.push(sql`granted as (${badgesGranted(executor, userId, keys).getSQL()})`);
  }
  if (achievements.length > 0) {
    const rows = achievements.map((_, index) => ({
      key: valueFor(`achievement.${index}.key`),
      tier: valueFor(`achievement.${index}.tier`),
      progress: valueFor(`achievement.${index}.progress`),
    }));
    steps.push(sql`saved as (${achievementsSaved(executor, userId, rows).getSQL()})`);
  }
  const granted =
    badgeKeys.length > 0 ? sql`(select coalesce(json_agg(badge_key), '[]'::json) from granted)` : sql`'[]'::json`;
  const sent = Array.from(
    { length: notices },
    (_, index) => sql`, pg_notify(${valueFor(`notice.${index}.channel`)}, ${valueFor(`notice.${index}.payload`)})`,
  );
  return sql`with ${sql.join(steps, sql`, `)}
    select ${granted} as granted${sql.join(sent)},
      (case when (select count(*) from credited) = 1 and (select count(*) from inserted) = 1 then null
        else ${CHANGED_SINCE_READ} end)::int as unchanged`;
}

/** Whether the statement was undone because the account changed since it was read (see `CHANGED_SINCE_READ`). */
function changedSinceRead(error: Error): boolean {
  const causes = [error, (error as { cause?: unknown }).cause];
  return causes.some((cause) => cause instanceof Error && cause.message.includes(CHANGED_SINCE_READ));
}
