import {
  AT_RISK_PAGE_SIZE,
  type AtRiskPage,
  type AtRiskQuery,
  type AtRiskReason,
  NUDGE_COOLDOWN_HOURS,
  type NudgeResult,
} from '@portal/shared/admin-analytics';
import { isPhoneOnlyEmail } from '@portal/shared/auth';
import { LEARNER_HOME } from '@portal/shared/routes';
import type { CsvCell } from '../../csv.ts';
import { AppError } from '../../errors.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Mailer } from '../mail/mail.service.ts';
import { learnerLanguage, learnerNudgeMail, learnerNudgeSms } from './admin-analytics.mail.ts';
import type { AdminAnalyticsRepository } from './admin-analytics.repository.ts';
import type { AtRiskCursor, AtRiskRepository, AtRiskRow } from './at-risk.repository.ts';

const HOUR_MS = 3_600_000;

export type AtRiskDeps = {
  repository: AdminAnalyticsRepository;
  atRiskRepository: AtRiskRepository;
  /** The thresholds screen's number of idle days after which a learner is flagged. */
  inactiveDays: () => Promise<number>;
  mailer: Mailer;
  auditService: AuditService;
  publicUrl: string;
  now: () => Date;
};

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

function nextNudgeAt(lastNudgedAt: string | null, at: Date) {
  if (!lastNudgedAt) return null;
  const next = new Date(Date.parse(lastNudgedAt) + NUDGE_COOLDOWN_HOURS * HOUR_MS);
  return next > at ? next.toISOString() : null;
}

function presentLearner(row: AtRiskRow, at: Date) {
  return {
    user_id: row.userId,
    name: row.name,
    email: isPhoneOnlyEmail(row.email) ? null : row.email,
    reasons: row.reasons,
    last_activity_at: row.lastActivityAt,
    last_nudged_at: row.lastNudgedAt,
    next_nudge_at: nextNudgeAt(row.lastNudgedAt, at),
  };
}

export const AT_RISK_CSV_HEADER = ['learner_id', 'name', 'email', 'reasons', 'last_activity_at', 'last_nudged_at'];

/** A learner of the at-risk list as one CSV row. */
export function atRiskCsvRow(row: AtRiskRow, at: Date): CsvCell[] {
  const learner = presentLearner(row, at);
  return [
    learner.user_id,
    learner.name,
    learner.email,
    learner.reasons.map(describeReason).join('; '),
    learner.last_activity_at,
    learner.last_nudged_at,
  ];
}

/** The at-risk list: learners flagged by the thresholds, a page at a time. */
export function createAtRiskList({ repository, atRiskRepository, inactiveDays, now }: AtRiskDeps) {
  async function atRiskRows(query: AtRiskQuery, limit: number) {
    const courseId = query.course ?? null;
    if (courseId && !(await repository.courseExists(courseId))) throw new AppError('not_found', 'Course not found.');
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    const days = await inactiveDays();
    const at = now();
    const rows = await atRiskRepository.page({ now: at, inactiveDays: days, courseId, after, limit });
    return { rows, days, at };
  }

  return {
    atRiskRows,

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
  };
}

type NudgeTarget = NonNullable<Awaited<ReturnType<AtRiskRepository['nudgeTarget']>>>;

/** Sends the reminder by text for phone-only accounts and by mail otherwise; answers the channel and language. */
async function sendNudge({ mailer, publicUrl }: AtRiskDeps, target: NudgeTarget) {
  const language = learnerLanguage(target.primaryLanguage);
  const url = `${publicUrl}${LEARNER_HOME}`;
  if (isPhoneOnlyEmail(target.email)) {
    await mailer.send({ channel: 'sms', to: target.phoneNumber ?? '', ...learnerNudgeSms(language, { url }) });
    return { channel: 'sms', language };
  }
  await mailer.send({ channel: 'email', to: target.email, ...learnerNudgeMail(language, { name: target.name, url }) });
  return { channel: 'email', language };
}

/** Mails the learner a reminder (a text for phone-only accounts), once per cooldown, and audits it. */
export function createNudges(deps: AtRiskDeps) {
  const { atRiskRepository, auditService, now } = deps;
  return {
    async nudge(adminId: string, userId: string, ipAddress: string | null) {
      const target = await atRiskRepository.nudgeTarget(userId);
      if (!target) throw new AppError('not_found', 'Learner not found.');
      if (target.suspended) throw new AppError('conflict', 'This account is suspended, so it gets no nudges.');
      if (isPhoneOnlyEmail(target.email) && !target.phoneNumber) {
        throw new AppError('conflict', 'This learner has no email address or phone number to write to.');
      }
      const cooldownHours = NUDGE_COOLDOWN_HOURS;
      const recorded = await atRiskRepository.recordNudge({ userId, sentBy: adminId, now: now(), cooldownHours });
      if ('retryAt' in recorded) return recorded;
      const { channel, language } = await sendNudge(deps, target);
      const sentAt = recorded.sentAt.toISOString();
      await auditService.recordAuditEvent({
        userId,
        actorId: adminId,
        action: 'learner.nudge',
        tableName: 'learner_nudges',
        recordId: userId,
        newValues: { channel, language, sent_at: sentAt },
        legalBasis: 'legitimate_interest',
        purpose: 'reminding a learner who is falling behind',
        ipAddress,
      });
      const nextAt = new Date(recorded.sentAt.getTime() + NUDGE_COOLDOWN_HOURS * HOUR_MS).toISOString();
      const sent: NudgeResult = { user_id: userId, sent_at: sentAt, next_nudge_at: nextAt };
      return { sent };
    },
  };
}
