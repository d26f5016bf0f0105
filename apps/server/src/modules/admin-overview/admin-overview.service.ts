import type {
  AdminAuditPage,
  AdminAuditQuery,
  AdminOverview,
  Kpi,
  OverviewRange,
  RateKpi,
} from '@portal/shared/admin-overview';
import { parseAuditCursor } from '@portal/shared/admin-overview';
import { TIERS } from '@portal/shared/tiers';
import type { AdminAuditRepository } from './admin-audit.repository.ts';
import { presentAdminAuditEvent, presentEmail } from './admin-overview.presenter.ts';
import type { AdminOverviewRepository } from './admin-overview.repository.ts';
import { createSystemHealth, type SystemHealthSources } from './system-health.ts';

const DAY_MS = 86_400_000;
const RECENT_LIMIT = 10;

const round1 = (value: number) => Math.round(value * 10) / 10;

export function kpi(current: number, previous: number): Kpi {
  return {
    current,
    previous,
    change: current - previous,
    change_percent: previous === 0 ? null : round1(((current - previous) / previous) * 100),
  };
}

function rateKpi(current: { passed: number; failed: number }, previous: { passed: number; failed: number }): RateKpi {
  const rate = ({ passed, failed }: { passed: number; failed: number }) =>
    passed + failed === 0 ? null : round1((passed / (passed + failed)) * 100);
  const now = rate(current);
  const before = rate(previous);
  return { current: now, previous: before, change: now === null || before === null ? null : round1(now - before) };
}

/** The UTC days from `days - 1` days before `now` up to the day of `now`, as YYYY-MM-DD. */
function lastUtcDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) =>
    new Date(today - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

type PeriodCounts = Awaited<ReturnType<AdminOverviewRepository['periodCounts']>>;
type ActiveLearners = Awaited<ReturnType<AdminOverviewRepository['activeLearners']>>;
type TierRow = Awaited<ReturnType<AdminOverviewRepository['subscriptionsByTier']>>[number];

function presentKpis(counts: PeriodCounts, active: ActiveLearners): AdminOverview['kpis'] {
  return {
    users_total: kpi(counts.users_now, counts.users_before),
    new_signups: kpi(counts.signups, counts.signups_before),
    active_learners_day: kpi(active.day, active.day_before),
    active_learners_week: kpi(active.week, active.week_before),
    active_learners_month: kpi(active.month, active.month_before),
    lesson_completions: kpi(counts.lessons, counts.lessons_before),
    course_completions: kpi(counts.courses, counts.courses_before),
    scorm_attempts: kpi(counts.scorm, counts.scorm_before),
    scorm_pass_rate: rateKpi(
      { passed: counts.scorm_passed, failed: counts.scorm_failed },
      { passed: counts.scorm_passed_before, failed: counts.scorm_failed_before },
    ),
    xp_earned: kpi(counts.xp, counts.xp_before),
  };
}

function presentSubscriptions(tiers: TierRow[]): AdminOverview['subscriptions'] {
  const byTier = new Map(tiers.map((row) => [row.tier, row]));
  return TIERS.map((tier) => {
    const row = byTier.get(tier);
    return { tier, active: row?.active ?? 0, started: kpi(row?.started ?? 0, row?.started_before ?? 0) };
  });
}

/** One page of the audit log, newest first, keyset by `cursor`. */
async function readAuditPage(
  auditRepository: AdminAuditRepository,
  query: AdminAuditQuery,
  { byAdminsOnly = false } = {},
): Promise<AdminAuditPage> {
  const rows = await auditRepository.list(
    {
      actor: query.actor,
      target: query.target,
      actionPrefix: query.action,
      byAdminsOnly,
      from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
      before: query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) : undefined,
      after: query.cursor ? (parseAuditCursor(query.cursor) ?? undefined) : undefined,
    },
    query.limit + 1,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    events: page.map(presentAdminAuditEvent),
    next_cursor: rows.length > query.limit && last ? `${last.cursorAt}_${last.event.id}` : null,
  };
}

type OverviewDeps = {
  overviewRepository: AdminOverviewRepository;
  auditRepository: AdminAuditRepository;
  systemHealth: ReturnType<typeof createSystemHealth>;
  now: () => Date;
};

/** The overview page for the last `range` days against the `range` days before them. */
async function readOverview(
  { overviewRepository, auditRepository, systemHealth, now }: OverviewDeps,
  range: OverviewRange,
): Promise<AdminOverview> {
  const at = now();
  const periods = {
    now: at,
    start: new Date(at.getTime() - range * DAY_MS),
    previousStart: new Date(at.getTime() - 2 * range * DAY_MS),
  };
  const days = lastUtcDays(at, range);
  const [counts, active, daily, tiers, signups, adminActions, healthReport] = await Promise.all([
    overviewRepository.periodCounts(periods),
    overviewRepository.activeLearners(at),
    overviewRepository.dailyActiveLearners(new Date(`${days[0]}T00:00:00Z`), at),
    overviewRepository.subscriptionsByTier(periods),
    overviewRepository.recentSignups(RECENT_LIMIT),
    readAuditPage(auditRepository, { limit: RECENT_LIMIT }, { byAdminsOnly: true }),
    systemHealth.check(),
  ]);
  const learnersByDay = new Map(daily.map((row) => [row.day, row.learners]));
  return {
    range,
    generated_at: at.toISOString(),
    kpis: presentKpis(counts, active),
    subscriptions: presentSubscriptions(tiers),
    daily_active_learners: days.map((date) => ({ date, value: learnersByDay.get(date) ?? 0 })),
    recent_signups: signups.map((user) => ({
      id: user.id,
      name: user.name,
      email: presentEmail(user.email),
      created_at: user.createdAt.toISOString(),
    })),
    recent_admin_actions: adminActions.events,
    health: healthReport,
  };
}

export function createAdminOverviewService({
  overviewRepository,
  auditRepository,
  health,
  now,
}: {
  overviewRepository: AdminOverviewRepository;
  auditRepository: AdminAuditRepository;
  health: SystemHealthSources;
  now: () => Date;
}) {
  const systemHealth = createSystemHealth({ ...health, overviewRepository, now });

  return {
    overview: (range: OverviewRange): Promise<AdminOverview> =>
      readOverview({ overviewRepository, auditRepository, systemHealth, now }, range),

    audit: (query: AdminAuditQuery) => readAuditPage(auditRepository, query),
  };
}
export type AdminOverviewService = ReturnType<typeof createAdminOverviewService>;
