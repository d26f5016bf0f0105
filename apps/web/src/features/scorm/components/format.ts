import type { ScormAttemptsSummary, ScormPackage } from '@portal/shared/scorm';
import type { TFunction } from 'i18next';
import { dateTimeFormat } from '@/lib/intl-formats';

/** Whole minutes and hours of a duration, for the studio's figures. */
export function splitDuration(totalSeconds: number): { hours: number; minutes: number } {
  const minutes = Math.round(totalSeconds / 60);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

export const formatDate = (iso: string, language: string) =>
  dateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));

/**
 * Why a package failed. In English, the server's own sentence, which names the file or element at fault; in other
 * languages, the reason in the reader's words (the server's sentence is English).
 */
export const failureText = (
  pkg: Pick<ScormPackage, 'failure_reason' | 'failure_message'>,
  t: TFunction<'scorm'>,
  language: string,
) => {
  if (pkg.failure_reason === 'interrupted') return t('scorm:detail.failedInterrupted');
  if (language.startsWith('en') || !pkg.failure_reason) return pkg.failure_message;
  return t(`scorm:failureReasons.${pkg.failure_reason}`, { defaultValue: pkg.failure_message ?? '' });
};

const RESULT_KEYS = {
  passed: 'passed',
  failed: 'failed',
  completed: 'completed',
  incomplete: 'incomplete',
  'not attempted': 'notAttempted',
} as const;

/** A completion or success status as the runtime stores it, in the reader's language. */
export const statusText = (status: string, t: TFunction<'scorm'>) =>
  t(`scorm:attempts.result.${RESULT_KEYS[status as keyof typeof RESULT_KEYS] ?? 'unknown'}`);

/** How an attempt went: pass or fail where known, else completion, with its score. */
export function attemptResultText(latest: NonNullable<ScormAttemptsSummary['latest']>, t: TFunction<'scorm'>) {
  const result = statusText(latest.success_status === 'unknown' ? latest.completion_status : latest.success_status, t);
  return latest.score === null ? result : t('scorm:attempts.resultWithScore', { result, value: latest.score });
}

export const formatDateTime = (iso: string, language: string) =>
  dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** Seconds under a minute as such, longer times in hours and minutes. */
export function durationText(totalSeconds: number, t: TFunction<'scorm'>) {
  if (totalSeconds < 60) return t('scorm:report.seconds', { value: Math.round(totalSeconds * 10) / 10 });
  return t('scorm:analytics.duration', splitDuration(totalSeconds));
}
