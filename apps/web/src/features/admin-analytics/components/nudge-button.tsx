import type { AtRiskLearner } from '@portal/shared/admin-analytics';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { useNudgeLearner } from '../api/nudge-learner';

/** Sends one learner a reminder mail; says what happened, including when the next one is allowed. */
export function NudgeButton({ learner, formatTime }: { learner: AtRiskLearner; formatTime: (iso: string) => string }) {
  const { t } = useTranslation('admin-analytics');
  const nudge = useNudgeLearner();
  const [message, setMessage] = useState<string | null>(null);
  const waitUntil = nudge.data?.next_nudge_at ?? learner.next_nudge_at;

  const send = () => {
    setMessage(null);
    nudge.mutate(learner.user_id, {
      onSuccess: () => setMessage(t('nudge.sent')),
      onError: (error) => {
        const retryAt = error instanceof ApiError && error.code === 'rate_limited' ? error.reasons[0] : undefined;
        setMessage(retryAt ? t('nudge.tooSoon', { time: formatTime(retryAt) }) : t('nudge.failed'));
      },
    });
  };

  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        size="sm"
        variant="outline"
        disabled={nudge.isPending || Boolean(waitUntil)}
        aria-label={t('nudge.sendTo', { name: learner.name })}
        onClick={send}
      >
        {nudge.isPending ? t('nudge.sending') : t('nudge.send')}
      </Button>
      <p aria-live="polite" className="text-right text-xs text-muted-foreground">
        {message ?? (waitUntil ? t('nudge.waitUntil', { time: formatTime(waitUntil) }) : null)}
      </p>
    </div>
  );
}
