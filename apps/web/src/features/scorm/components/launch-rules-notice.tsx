import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { ApiError } from '@/lib/api';

/** Why the server refused to start an attempt: a SCO still locked by its prerequisites, or no attempts left. */
export type LaunchRefusal = { kind: 'locked' } | { kind: 'attemptLimit'; limit: number | null };

/** Reads a refused attempt start (403 `lesson_locked` or 409 `attempt_limit`); null for any other error. */
export function launchRefusalOf(error: unknown): LaunchRefusal | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'lesson_locked' && error.reasons.includes('prerequisites')) return { kind: 'locked' };
  if (error.code === 'conflict' && error.reasons[0] === 'attempt_limit') {
    const limit = Number(error.reasons[1]);
    return { kind: 'attemptLimit', limit: Number.isInteger(limit) && limit > 0 ? limit : null };
  }
  return null;
}

/** The player's message for a launch the package's rules refuse. */
export function LaunchRefusalNotice({ refusal, className }: { refusal: LaunchRefusal; className?: string }) {
  const { t } = useTranslation('scorm');
  const title = refusal.kind === 'locked' ? t('launchRules.lockedTitle') : t('launchRules.attemptLimitTitle');
  const text =
    refusal.kind === 'locked'
      ? t('launchRules.lockedHint')
      : refusal.limit === null
        ? t('launchRules.attemptLimitUnknown')
        : t('launchRules.attemptLimit', { count: refusal.limit });
  return (
    <Alert variant="warning" className={className}>
      <p className="flex items-center gap-2 font-medium">
        {refusal.kind === 'locked' ? <Lock className="size-4 shrink-0" aria-hidden="true" /> : null}
        {title}
      </p>
      <p>{text}</p>
    </Alert>
  );
}

/** A table-of-contents mark for a SCO whose prerequisites are not met; its text is read out with the item. */
export function LockedMark() {
  const { t } = useTranslation('scorm');
  return (
    <span
      className="ml-auto flex shrink-0 items-center gap-1 text-xs text-muted-foreground"
      title={t('launchRules.lockedHint')}
    >
      <Lock className="size-3.5" aria-hidden="true" />
      {t('launchRules.locked')}
    </span>
  );
}
