import { ACHIEVEMENTS, BADGES } from '@portal/shared/gamification';
import { type Column, type SQL, sql } from 'drizzle-orm';
import type { BuiltOnce } from '../../db/built-once.ts';
import type { Db, Notice } from '../../db/client.ts';
import { insertFromRows, jsonRows, rowValues, setFromRows } from '../../db/json-rows.ts';
import { genericPlan } from '../../db/preparing-client.ts';
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

/** One award to save (`saveAwardsAtOnce`): the account's version it was decided from, its write, its tabs' notices. */
export type AwardAtOnce = { version: string; write: AwardWrite; notices?: Notice[] };

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
 * version read; everything else of the award is written only for an account credited, and its notices sent only then.
 */
function awardsAtOnceStatement(): SQL {
  const ledger = insertFromRows('w', ledgerColumns);
  const awards = jsonRows('awards', 'w', 'ord int, version text', ledgerColumns, AWARDS_PER_STATEMENT);
  const notices = jsonRows('notices', 'n', 'ord int, user_id text, channel text, payload text', [], STEP_ROWS.notices);
  return genericPlan(sql`with awards as (${awards}),
    credited as (
      update ${xpAccounts} set total_xp = ${xpAccounts.totalXp} + w.xp, updated_at = now()
      from awards w
      where ${xpAccounts.userId} = w.user_id and ${xpAccounts}.xmin::text = w.version
      returning ${xpAccounts.userId}
    ),
    inserted as (
      insert into ${userXp} (${ledger.names}) select ${ledger.values} from awards w where ${credited('w')}
      on conflict (user_id, idempotency_key) do nothing
      returning user_id
    ),
    ${streakSteps()},
    ${badgeAndAchievementSteps()},
    notice_rows as (${notices})
    select w.ord, ${credited('w')} as saved,
      (select coalesce(json_agg(g.badge_key), '[]'::json) from granted g where g.user_id = w.user_id) as granted,
      (select count(pg_notify(n.channel, n.payload)) from (select * from notice_rows n
        where n.user_id = w.user_id and ${credited('n')} order by n.ord) n) as sent,
      (case when (select count(*) from credited) = (select count(*) from inserted) then null
        else ${KEY_USED} end)::int as unchanged
    from awards w order by w.ord`);
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
 * version vouches for everything the award was decided from). Answers, in the awards' order, the badges each granted,
 * or undefined for an award whose account changed since it was read: nothing of it is written and no notice sent.
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
    awards: JSON.stringify(
      awards.map(({ version, write }, ord) => ({ ord, version, ...rowValues(userXp, ledgerKeys, write.ledger) })),
    ),
    ...Object.fromEntries(Object.entries(steps).map(([step, rows]) => [step, JSON.stringify(rows)])),
  };
  try {
    const rows = await statements.run<{ ord: number; saved: boolean; granted: string[] }>(
      executor,
      'awards at once',
      awardsAtOnceStatement,
      values,
    );
    const byOrd = new Map(rows.map((row) => [row.ord, row]));
    return awards.map((_, ord) => {
      const row = byOrd.get(ord);
      return row?.saved ? { grantedBadges: row.granted } : undefined;
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
