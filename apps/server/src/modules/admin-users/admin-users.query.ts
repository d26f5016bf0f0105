import type { AdminUserFilters, AdminUserSort } from '@portal/shared/admin-users';
import { PAYMENT_GRACE_DAYS, RENEWAL_LEEWAY_HOURS } from '@portal/shared/subscription-access';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../errors.ts';

/**
 * The SQL of the admin user list: one statement per page, keyset-paginated over an index for every sort.
 * Which index serves what (see the 0014_admin_users migration):
 * - search: `users_search_trgm_idx`, a pg_trgm GIN index over lower(name || ' ' || email || ' ' || phone);
 * - sort created / name / email: `users_created_id_idx`, `users_lower_name_id_idx`, `users_lower_email_id_idx`;
 * - sort last active and the active-within / inactive filters: `account_states_last_active_idx`;
 * - role, tier, beta and status filter on copies kept in `account_states` (one row per user, kept by triggers), so
 *   every filter is a check on the row already joined by primary key; rare values have their own indexes:
 *   `account_states_role_idx`, `account_states_plan_tier_idx`, `account_states_beta_idx` and
 *   `account_states_suspended_idx` (both partial).
 */

const SORT_KEYS: Record<AdminUserSort, { key: SQL; cast: SQL }> = {
  created: { key: sql.raw('u.created_at'), cast: sql.raw('timestamptz') },
  last_active: { key: sql.raw('a.last_active_at'), cast: sql.raw('timestamptz') },
  name: { key: sql.raw('lower(u.name)'), cast: sql.raw('text') },
  email: { key: sql.raw('lower(u.email)'), cast: sql.raw('text') },
};

const cursorSchema = z.object({
  s: z.enum(['created', 'last_active', 'name', 'email']),
  o: z.enum(['asc', 'desc']),
  k: z.string().max(300),
  i: z.string().min(1).max(100),
});
type Cursor = z.infer<typeof cursorSchema>;

export const invalidCursor = () =>
  new AppError('bad_request', 'This page link is not valid for the current sort. Start again from the first page.');

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** The position a cursor points at; a cursor that is broken or made for another sort order is a 400. */
export function decodeCursor(raw: string, filters: Pick<AdminUserFilters, 'sort' | 'order'>): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const cursor = cursorSchema.safeParse(parsed);
  if (!cursor.success || cursor.data.s !== filters.sort || cursor.data.o !== filters.order) throw invalidCursor();
  if ((cursor.data.s === 'created' || cursor.data.s === 'last_active') && Number.isNaN(Date.parse(cursor.data.k))) {
    throw invalidCursor();
  }
  return cursor.data;
}

/** The tier the user's own plan grants at `now`, as `effectiveTier` decides it (from the copy in account_states). */
export function effectiveTierSql(now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const leeway = sql`(case when a.plan_cancel_at_period_end then interval '0' else ${`${RENEWAL_LEEWAY_HOURS} hours`}::interval end)`;
  const graceEnd = sql`coalesce(a.plan_grace_ends_at, a.plan_period_end + ${`${PAYMENT_GRACE_DAYS} days`}::interval)`;
  return sql`(case
    when a.plan_tier is null then null
    when a.plan_tier = 'calm' or a.plan_status = 'expired' then 'calm'
    when a.plan_status = 'active' then (case when a.plan_period_end is null or ${at} < a.plan_period_end + ${leeway} then a.plan_tier else 'calm' end)
    when a.plan_status = 'past_due' then (case when ${graceEnd} is null or ${at} < ${graceEnd} then a.plan_tier else 'calm' end)
    when a.plan_status = 'trialing' then (case when a.plan_period_end is null or ${at} < a.plan_period_end then a.plan_tier else 'calm' end)
    else (case when a.plan_period_end is not null and ${at} < a.plan_period_end then a.plan_tier else 'calm' end)
  end)`;
}

const SEARCH_TEXT = sql.raw(`lower(u.name || ' ' || u.email || ' ' || coalesce(u.phone_number, ''))`);
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function filterConditions(filters: AdminUserFilters, now: Date): SQL[] {
  const where: SQL[] = [];
  const q = filters.q?.trim().toLowerCase();
  if (q) where.push(sql`${SEARCH_TEXT} like ${`%${escapeLike(q)}%`}`);
  if (filters.role) where.push(sql`a.role = ${filters.role}`);
  if (filters.tier === 'none') where.push(sql`a.plan_tier is null`);
  else if (filters.tier) {
    // A paid tier only comes from a plan of that tier; the time rule then decides whether it still holds.
    if (filters.tier !== 'calm') where.push(sql`a.plan_tier = ${filters.tier}`);
    where.push(sql`${effectiveTierSql(now)} = ${filters.tier}`);
  }
  if (filters.status === 'suspended') where.push(sql`a.suspended_at is not null`);
  if (filters.status === 'active') where.push(sql`a.suspended_at is null`);
  if (filters.beta === 'yes') where.push(sql`a.beta_access`);
  if (filters.beta === 'no') where.push(sql`not a.beta_access`);
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  if (filters.activeWithinDays) where.push(sql`a.last_active_at >= ${daysAgo(filters.activeWithinDays)}::timestamptz`);
  if (filters.inactiveDays) where.push(sql`a.last_active_at < ${daysAgo(filters.inactiveDays)}::timestamptz`);
  return where;
}

export type ListedUserRow = {
  id: string;
  name: string;
  email: string;
  phone_number: string | null;
  created_at: Date | string;
  last_active_at: Date | string;
  suspended_at: Date | string | null;
  beta_access: boolean | null;
  role: 'admin' | 'instructor' | 'learner';
  tier: 'calm' | 'me' | 'us' | 'universal' | null;
  sort_key: string;
};

/** One page of users matching `filters` after `cursor`, `limit` rows at most, in a single statement. */
export function listUsersSql({
  filters,
  cursor,
  limit,
  now,
}: {
  filters: AdminUserFilters;
  cursor: Cursor | null;
  limit: number;
  now: Date;
}): SQL {
  const { key, cast } = SORT_KEYS[filters.sort];
  const direction = sql.raw(filters.order === 'asc' ? 'asc' : 'desc');
  const where = filterConditions(filters, now);
  if (cursor) {
    const after = sql`(${key}, u.id) ${sql.raw(filters.order === 'asc' ? '>' : '<')} (${cursor.k}::${cast}, ${cursor.i})`;
    where.push(after);
  }
  const condition = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  return sql`select u.id, u.name, u.email, u.phone_number, u.created_at, a.last_active_at, a.suspended_at,
      a.beta_access, a.role, ${effectiveTierSql(now)} as tier,
      ${key}::text as sort_key
    from users u
    join account_states a on a.user_id = u.id
    ${condition}
    order by ${key} ${direction}, u.id ${direction}
    limit ${limit}`;
}

export function nextCursor(rows: ListedUserRow[], filters: AdminUserFilters): string {
  const last = rows.at(-1);
  if (!last) throw new Error('no rows to continue after');
  return encodeCursor({ s: filters.sort, o: filters.order, k: last.sort_key, i: last.id });
}
