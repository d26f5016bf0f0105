import { ACHIEVEMENTS, BADGES } from '@portal/shared/gamification';
import { type Column, type SQL, sql } from 'drizzle-orm';
import type { BuiltOnce } from '../../db/built-once.ts';
import type { Db, Notice } from '../../db/client.ts';
import { insertFromRows, jsonRows, rowValues, setFromRows } from '../../db/json-rows.ts';
import { genericPlan } from '../../db/preparing-client.ts';
import { domainEvents } from '../../db/schema.ts';
import { achievements, streakFreezeDays, streaks, userBadges, userXp, xpAccounts } from './gamification.table.ts';

type StreakRow = typeof streaks.$inferSelect;

/** The most awards one statement saves (`saveAwardsAtOnce`). */
export const AWARDS_PER_STATEMENT = 32;

/** Everything one award writes, decided from what was read (`planAward`). */
export type AwardWrite = {
  ledger: Omit<typeof userXp.$inferInsert, 'id'> & { xp: number };
  streak: { row: Omit<StreakRow, 'updatedAt'>; frozenDays: string[] } | null;
  badgeKeys: string[];
  achievements: { key: string; tier: number; progress: number }[];
};

/**
 * The domain event a client claims an award for, when the award was decided without reading it: the learner's first
 * such event, which must have happened in `[from, until)` (its local day, and where the XP decided holds).
 */
export type AwardClaim = { domainType: string; subjectId: string; from: Date; until: Date };

/**
 * One award to save (`saveAwardsAtOnce`): the account's version it was decided from, its write, its tabs' notices.
 * `unread` when it was decided from state kept on the instance rather than read: its key must be unused, and the event
 * it claims, if any, must have happened (else it is not saved).
 */
export type AwardAtOnce = {
  version: string;
  write: AwardWrite;
  notices?: Notice[];
  unread?: { claim: AwardClaim | null };
};

/**
 * The statement's last column fails to convert when an award credited its account but found its key used: the whole
 * statement, whose steps are all written by then, is undone.
 */
const KEY_USED = 'xp award key used by an account of the version read';

const ledgerKeys = [
  'userId',
  'kind',
  'eventType',
  'subjectId',
  'idempotencyKey',
  'baseXp',
  'multiplier',
  'xp',
  'localDay',
  'createdAt',
] as const;
const streakKeys = [
  'userId',
  'streakType',
  'currentLength',
  'longestLength',
  'lastActiveDay',
  'lastCountedDay',
  'freezesHeld',
  'freezesUsed',
  'timeZone',
] as const;

const ledgerColumns: Column[] = ledgerKeys.map((key) => userXp[key]);
const streakColumns: Column[] = streakKeys.map((key) => streaks[key]);

/** Rows of the steps beside the awards, at most: a limit the code's values never reach (checked before sending). */
const STEP_ROWS = {
  streaks: AWARDS_PER_STATEMENT,
  frozen: AWARDS_PER_STATEMENT * 64,
  badges: AWARDS_PER_STATEMENT * BADGES.length,
  achievements: AWARDS_PER_STATEMENT * ACHIEVEMENTS.length,
  notices: AWARDS_PER_STATEMENT * 16,
};

/** Whether the row under `alias` belongs to an account credited by the statement. */
const credited = (alias: string) => sql.raw(`${alias}.user_id in (select user_id from credited)`);

/** The statement's streak steps: the streaks saved and the days frozen, for credited accounts only. */
function streakSteps(): SQL {
  const streak = insertFromRows('s', streakColumns);
  // The streak's own columns, after its key (user, streak type), from the row that was refused.
  const streakSet = setFromRows('excluded', streakColumns.slice(2));
  return sql`streak_rows as (${jsonRows('streaks', 's', '', streakColumns, STEP_ROWS.streaks)}),
    streak as (
      insert into ${streaks} (${streak.names}, updated_at) select ${streak.values}, now() from streak_rows s
      where ${credited('s')}
      on conflict (user_id, streak_type) do update set ${sql.join(streakSet, sql`, `)}, updated_at = now()
    ),
    frozen_rows as (${jsonRows('frozen', 'f', 'user_id text, streak_type text, day date', [], STEP_ROWS.frozen)}),
    frozen as (
      insert into ${streakFreezeDays} (user_id, streak_type, day) select f.user_id, f.streak_type, f.day
      from frozen_rows f where ${credited('f')}
      on conflict do nothing
    )`;
}

/** The statement's badge and achievement steps (`granted` answers the badges new to each learner). */
function badgeAndAchievementSteps(): SQL {
  const achievementRows = jsonRows(
    'achievements',
    'a',
    'user_id text, achievement_key text, tier smallint, progress int',
    [],
    STEP_ROWS.achievements,
  );
  return sql`badge_rows as (${jsonRows('badges', 'b', 'user_id text, badge_key text', [], STEP_ROWS.badges)}),
    granted as (
      insert into ${userBadges} (user_id, badge_key) select b.user_id, b.badge_key from badge_rows b
      where ${credited('b')}
      on conflict do nothing
      returning user_id, badge_key
    ),
    achievement_rows as (${achievementRows}),
    saved as (
      insert into ${achievements} (user_id, achievement_key, tier, progress)
      select a.user_id, a.achievement_key, a.tier, a.progress from achievement_rows a where ${credited('a')}
      on conflict (user_id, achievement_key) do update
        set tier = excluded.tier, progress = excluded.progress, updated_at = now()
    )`;
}

/**
 * `saveAwardsAtOnce`'s statement. The awards arrive as json arrays, one of awards (a row each with its position, `ord`)
 * and one for each step beside them (streaks, frozen days, badges, achievements, notices), so one statement, built and
 * prepared once, saves any number of awards of any shape. An award's account is credited only if it is still the
 * version read (and, for an award decided unread, its key unused and the event it claims there); everything else of the
 * award is written only for an account credited, and its notices sent only then.
 */
function awardsAtOnceStatement(): SQL {
  // A claimed award's ledger row is dated when its event happened.
  const ledgerValues = ledgerColumns.map((column) =>
    column === userXp.createdAt ? sql`coalesce(w.claimed_at, w.created_at)` : sql`w.${sql.identifier(column.name)}`,
  );
  const fixed =
    'ord int, version text, key_unread boolean, claim_type text, claim_subject text, claim_from timestamptz, claim_until timestamptz';
  const awards = jsonRows('awards', 'w', fixed, ledgerColumns, AWARDS_PER_STATEMENT);
  const notices = jsonRows('notices', 'n', 'ord int, user_id text, channel text, payload text', [], STEP_ROWS.notices);
  return genericPlan(sql`with awards_sent as (${awards}),
    awards as (
      select w.*, (select e.occurred_at from ${domainEvents} e where w.claim_type is not null and e.user_id = w.user_id
        and e.type = w.claim_type and e.subject_id = w.claim_subject order by e.occurred_at limit 1) as claimed_at
      from awards_sent w
    ),
    credited as (
      update ${xpAccounts} set total_xp = ${xpAccounts.totalXp} + w.xp, updated_at = now()
      from awards w
      where ${xpAccounts.userId} = w.user_id and ${xpAccounts}.xmin::text = w.version
        and (w.key_unread is not true or not exists (select 1 from ${userXp} x
          where x.user_id = w.user_id and x.idempotency_key = w.idempotency_key))
        and (w.claim_type is null or (w.claimed_at >= w.claim_from and w.claimed_at < w.claim_until))
      returning ${xpAccounts.userId}, ${xpAccounts}.xmin::text as version
    ),
    inserted as (
      insert into ${userXp} (${insertFromRows('w', ledgerColumns).names})
      select ${sql.join(ledgerValues, sql`, `)} from awards w where ${credited('w')}
      on conflict (user_id, idempotency_key) do nothing
      returning user_id
    ),
    ${streakSteps()},
    ${badgeAndAchievementSteps()},
    notice_rows as (${notices})
    select w.ord, (select c.version from credited c where c.user_id = w.user_id) as version,
      (select coalesce(json_agg(g.badge_key), '[]'::json) from granted g where g.user_id = w.user_id) as granted,
      (select count(pg_notify(n.channel, n.payload)) from (select * from notice_rows n
        where n.user_id = w.user_id and ${credited('n')} order by n.ord) n) as sent,
      (case when (select count(*) from credited) = (select count(*) from inserted) then null
        else ${KEY_USED} end)::int as unchanged
    from awards w order by w.ord`);
}

/** An award's row in the statement: its ledger row, the version it was decided from, and what it claims unread. */
function awardRow({ version, write, unread }: AwardAtOnce, ord: number) {
  const claim = unread?.claim;
  return {
    ord,
    version,
    key_unread: unread !== undefined,
    claim_type: claim?.domainType ?? null,
    claim_subject: claim?.subjectId ?? null,
    claim_from: claim?.from.toISOString() ?? null,
    claim_until: claim?.until.toISOString() ?? null,
    ...rowValues(userXp, ledgerKeys, write.ledger),
  };
}

/** The rows of each step beside the awards, in the awards' order, each row naming its learner. */
function stepRows(awards: readonly AwardAtOnce[]) {
  const rows = {
    streaks: [] as object[],
    frozen: [] as object[],
    badges: [] as object[],
    achievements: [] as object[],
  };
  const notices: object[] = [];
  for (const { write, notices: sent = [] } of awards) {
    const { userId } = write.ledger;
    if (write.streak) {
      const { row, frozenDays } = write.streak;
      rows.streaks.push(rowValues(streaks, streakKeys, row));
      for (const day of frozenDays) rows.frozen.push({ user_id: userId, streak_type: row.streakType, day });
    }
    for (const key of write.badgeKeys) rows.badges.push({ user_id: userId, badge_key: key });
    for (const { key, tier, progress } of write.achievements) {
      rows.achievements.push({ user_id: userId, achievement_key: key, tier, progress });
    }
    for (const notice of sent) notices.push({ ord: notices.length, user_id: userId, ...notice });
  }
  return { ...rows, notices };
}

/**
 * Saves awards of different learners in one statement (`awardsAtOnceStatement`), each only if its account is still
 * the version read (every award, purchase and streak change of a learner changes the account row first, so its
 * version vouches for everything the award was decided from). Answers, in the awards' order, the badges each granted
 * and the account's version after it, or undefined for an award whose account changed since it was read (or, decided
 * unread, whose key was used or whose claimed event is not there): nothing of it is written and no notice sent.
 * An award whose account is the version read but whose key was used undoes the whole statement: alone, it is
 * answered undefined as well; with others, the caller sends them again one by one. Notices are sent by the same
 * statement, so they go out when it commits.
 */
export async function saveAwardsAtOnce(executor: Db, statements: BuiltOnce, awards: readonly AwardAtOnce[]) {
  if (awards.length === 0) return [];
  if (awards.length > AWARDS_PER_STATEMENT) throw new Error(`At most ${AWARDS_PER_STATEMENT} awards in a statement.`);
  const steps = stepRows(awards);
  for (const [step, limit] of Object.entries(STEP_ROWS)) {
    if (steps[step as keyof typeof steps].length > limit) throw new Error(`Too many ${step} for one statement.`);
  }
  const values = {
    awards: JSON.stringify(awards.map(awardRow)),
    ...Object.fromEntries(Object.entries(steps).map(([step, rows]) => [step, JSON.stringify(rows)])),
  };
  try {
    const rows = await statements.run<{ ord: number; version: string | null; granted: string[] }>(
      executor,
      'awards at once',
      awardsAtOnceStatement,
      values,
    );
    const byOrd = new Map(rows.map((row) => [row.ord, row]));
    return awards.map((_, ord) => {
      const row = byOrd.get(ord);
      return row?.version ? { grantedBadges: row.granted, version: row.version } : undefined;
    });
  } catch (error) {
    if (awards.length === 1 && error instanceof Error && keyUsed(error)) return [undefined];
    throw error;
  }
}

/** Whether the statement was undone because an award's key was used (see `KEY_USED`). */
function keyUsed(error: Error): boolean {
  const causes = [error, (error as { cause?: unknown }).cause];
  return causes.some((cause) => cause instanceof Error && cause.message.includes(KEY_USED));
}
