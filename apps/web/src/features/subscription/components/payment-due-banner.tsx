import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useMe } from '@/lib/auth';
import { useDisplayFormats } from '@/lib/profile';
import { useSubscriptionStatus } from '../api/get-subscription-status';

/**
 * Shown on every dashboard screen while a failed renewal is in its grace period: the plan stays until the date the
 * server names, and the way to fix the payment is one link away.
 */
export function PaymentDueBanner() {
  const { t } = useTranslation('payment-notice');
  const { data: me } = useMe();
  const { data: status } = useSubscriptionStatus({ enabled: Boolean(me) });
  const { formatDate } = useDisplayFormats();
  if (!status?.past_due_until) return null;
  return (
    <Alert variant="warning" aria-labelledby="payment-due-title" className="mb-6 flex flex-wrap items-center gap-3">
      <CreditCard aria-hidden="true" className="size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p id="payment-due-title" className="font-medium">
          {t('pastDue.title')}
        </p>
        <p>{t('pastDue.body', { date: formatDate(new Date(status.past_due_until)) })}</p>
      </div>
      <Button asChild size="sm">
        <Link to="/dashboard/subscription">{t('pastDue.action')}</Link>
      </Button>
    </Alert>
  );
}
