import {
  type AdminAnalytics,
  type AdminAnalyticsExportQuery,
  type AdminAnalyticsQuery,
  AT_RISK_PAGE_SIZE,
  type AtRiskPage,
  type AtRiskQuery,
  type AtRiskReason,
  NUDGE_COOLDOWN_HOURS,
  type NudgeResult,
} from '@portal/shared/admin-analytics';
import { isPhoneOnlyEmail } from '@portal/shared/auth';
import { LEARNER_HOME } from '@portal/shared/routes';
import { type CsvCell, csvAttachment, toCsv } from '../../csv.ts';
import { AppError } from '../../errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Mailer } from '../mail/mail.service.ts';
import { learnerLanguage, learnerNudgeMail, learnerNudgeSms } from './admin-analytics.mail.ts';
import type { AdminAnalyticsRepository, AnalyticsScope } from './admin-analytics.repository.ts';
import type { AtRiskCursor, AtRiskRepository, AtRiskRow } from './at-risk.repository.ts';

/** Most rows an at-risk CSV holds; the screen pages through the rest. */
const AT_RISK_EXPORT_MAX = 10_000;

const encodeCursor = (cursor: AtRiskCursor) =>
  Buffer.from(JSON.stringify([cursor.sortAt, cursor.userId])).toString('base64url');

function decodeCursor(value: string): AtRiskCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      !Number.isNaN(Date.parse(parsed[0])) &&
      typeof parsed[1] === 'string'
    ) {
      return { sortAt: parsed[0], userId: parsed[1] };
    }
  } catch {
    // falls through to the refusal below
  }
  throw new AppError('validation_failed', 'This page link is not valid. Open the first page again.');
}

/** A reason as one line of the CSV. */
function describeReason(reason: AtRiskReason): string {
  switch (reason.code) {
    case 'inactive':
      return `inactive ${reason.days} days`;
    case 'goal_behind':
      return `behind goal "${reason.goal_title}" due ${reason.due_date} (${reason.percent}%)`;
    case 'quiz_failed':
      return `failed quiz "${reason.lesson_title}" (${reason.course_title}) ${reason.failures} times`;
    case 'scorm_failed':
      return `failed SCORM "${reason.package_title}" / "${reason.sco_title}" ${reason.failures} times`;
  }
}

export function createAdminAnalyticsService({
  repository,
  atRiskRepository,
  inactiveDays,
  mailer,
  auditService,
  publicUrl,
  now,
}: {
  repository: AdminAnalyticsRepository;
  atRiskRepository: AtRiskRepository;
  /** The thresholds screen's number of idle days after which a learner is flagged. */
  inactiveDays: () => Promise<number>;
  mailer: Mailer;
  auditService: AuditService;
  publicUrl: string;
  now: () => Date;
}) {
  async function scopeOf(query: { from: string; to: string; course?: string | undefined }): Promise<AnalyticsScope> {
    const courseId = query.course ?? null;
    if (courseId && !(await repository.courseExists(courseId))) throw new AppError('not_found', 'Course not found.');
    const start = new Date(`${query.from}T00:00:00Z`);
    const end = new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000);
    return { from: query.from, to: query.to, start, end, courseId };
  }

  const nextNudgeAt = (lastNudgedAt: string | null, at: Date) => {
    if (!lastNudgedAt) return null;
    const next = new Date(Date.parse(lastNudgedAt) + NUDGE_COOLDOWN_HOURS * 3_600_000);
    return next > at ? next.toISOString() : null;
  };

  async function atRiskRows(query: AtRiskQuery, limit: number) {
    const courseId = query.course ?? null;
    if (courseId && !(await repository.courseExists(courseId))) throw new AppError('not_found', 'Course not found.');
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    const days = await inactiveDays();
    const at = now();
    const rows = await atRiskRepository.page({ now: at, inactiveDays: days, courseId, after, limit });
    return { rows, days, at };
  }

  const presentLearner = (row: AtRiskRow, at: Date) => ({
    user_id: row.userId,
    name: row.name,
    email: isPhoneOnlyEmail(row.email) ? null : row.email,
    reasons: row.reasons,
    last_activity_at: row.lastActivityAt,
    last_nudged_at: row.lastNudgedAt,
    next_nudge_at: nextNudgeAt(row.lastNudgedAt, at),
  });

  return {
    async overview(query: AdminAnalyticsQuery): Promise<AdminAnalytics> {
      const scope = await scopeOf(query);
      const [courses, engagement, funnels, scorm, distributions] = await Promise.all([
        repository.courses(),
        repository.engagement(scope),
        repository.funnels(scope),
        repository.scormPassRates(scope),
        repository.distributions(scope),
      ]);
      return {
        from: query.from,
        to: query.to,
        course_id: scope.courseId,
        courses,
        engagement,
        funnels,
        scorm,
        xp_distribution: distributions.xp,
        streak_distribution: distributions.streak,
      };
    },

    async atRisk(query: AtRiskQuery): Promise<AtRiskPage> {
      const { rows, days, at } = await atRiskRows(query, AT_RISK_PAGE_SIZE + 1);
      const page = rows.slice(0, AT_RISK_PAGE_SIZE);
      const last = page.at(-1);
      return {
        inactive_days: days,
        learners: page.map((row) => presentLearner(row, at)),
        next_cursor: rows.length > AT_RISK_PAGE_SIZE && last ? encodeCursor(last) : null,
      };
    },

    /** Mails the learner a reminder (a text for phone-only accounts), once per cooldown, and audits it. */
    async nudge(
      adminId: string,
      userId: string,
      ipAddress: string | null,
    ): Promise<{ sent: NudgeResult } | { retryAt: Date }> {
      const target = await atRiskRepository.nudgeTarget(userId);
      if (!target) throw new AppError('not_found', 'Learner not found.');
      if (target.suspended) throw new AppError('conflict', 'This account is suspended, so it gets no nudges.');
      const phoneOnly = isPhoneOnlyEmail(target.email);
      if (phoneOnly && !target.phoneNumber) {
        throw new AppError('conflict', 'This learner has no email address or phone number to write to.');
      }
      const recorded = await atRiskRepository.recordNudge({
        userId,
        sentBy: adminId,
        now: now(),
        cooldownHours: NUDGE_COOLDOWN_HOURS,
      });
      if ('retryAt' in recorded) return recorded;
      const language = learnerLanguage(target.primaryLanguage);
      const url = `${publicUrl}${LEARNER_HOME}`;
      if (phoneOnly) {
        await mailer.send({ channel: 'sms', to: target.phoneNumber ?? '', ...learnerNudgeSms(language, { url }) });
      } else {
        await mailer.send({
          channel: 'email',
          to: target.email,
          ...learnerNudgeMail(language, { name: target.name, url }),
        });
      }
      await auditService.recordAuditEvent({
        userId,
        actorId: adminId,
        action: 'learner.nudge',
        tableName: 'learner_nudges',
        recordId: userId,
        newValues: { channel: phoneOnly ? 'sms' : 'email', language, sent_at: recorded.sentAt.toISOString() },
        legalBasis: 'legitimate_interest',
        purpose: 'reminding a learner who is falling behind',
        ipAddress,
      });
      const nextAt = new Date(recorded.sentAt.getTime() + NUDGE_COOLDOWN_HOURS * 3_600_000);
      return { sent: { user_id: userId, sent_at: recorded.sentAt.toISOString(), next_nudge_at: nextAt.toISOString() } };
    },

    /** One section of the screen as a CSV file. */
    async exportCsv(query: AdminAnalyticsExportQuery): Promise<{ disposition: string; csv: string }> {
      const suffix = `${query.from}-${query.to}`;
      const file = (header: string[], rows: CsvCell[][]) => ({
        disposition: csvAttachment(`admin-analytics-${query.section}`, suffix),
        csv: toCsv(header, rows),
      });
      if (query.section === 'at-risk') {
        const { rows, at } = await atRiskRows({ course: query.course }, AT_RISK_EXPORT_MAX);
        return file(
          ['learner_id', 'name', 'email', 'reasons', 'last_activity_at', 'last_nudged_at'],
          rows.map((row) => {
            const learner = presentLearner(row, at);
            return [
              learner.user_id,
              learner.name,
              learner.email,
              learner.reasons.map(describeReason).join('; '),
              learner.last_activity_at,
              learner.last_nudged_at,
            ];
          }),
        );
      }
      const scope = await scopeOf(query);
      switch (query.section) {
        case 'engagement':
          return file(
            ['date', 'active_learners', 'lesson_completions', 'xp'],
            (await repository.engagement(scope)).map((day) => [
              day.date,
              day.active_learners,
              day.lesson_completions,
              day.xp,
            ]),
          );
        case 'funnels':
          return file(
            ['course_id', 'course', 'enrolled', 'started', 'half', 'completed'],
            (await repository.funnels(scope)).map((row) => [
              row.course_id,
              row.title,
              row.enrolled,
              row.started,
              row.half,
              row.completed,
            ]),
          );
        case 'scorm':
          return file(
            ['package_id', 'package', 'attempts', 'passed', 'failed', 'pass_rate_percent'],
            (await repository.scormPassRates(scope)).map((row) => [
              row.package_id,
              row.title,
              row.attempts,
              row.passed,
              row.failed,
              row.pass_rate,
            ]),
          );
      }
    },
  };
}
export type AdminAnalyticsService = ReturnType<typeof createAdminAnalyticsService>;
