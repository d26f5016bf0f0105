import type { SubscriptionDetails } from '@portal/shared/subscription-management';
import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api';
import { formatInstant } from '@/lib/intl-formats';
import { useOpenCustomerPortal } from '../api/open-customer-portal';
import { type PeriodEndAction, useUpdateSubscription } from '../api/update-subscription';

/** The current plan: tier, status, interval, renewal or end date, and what happens at the period end. */
export function PlanSummary({ details }: { details: SubscriptionDetails }) {
  const { t, i18n } = useTranslation('plans');
  const update = useUpdateSubscription();
  const portal = useOpenCustomerPortal();
  const date = details.current_period_end
    ? formatInstant(details.current_period_end, i18n.language, { dateStyle: 'long' })
    : null;
  const ends = details.cancel_at_period_end || details.status === 'trialing' || details.status === 'expired';

  // Cancelling is asked first: it ends the plan at the period end and drops a scheduled change.
  const [cancelling, setCancelling] = useState(false);
  const failure = (error: unknown) =>
    error instanceof ApiError && error.status < 500 ? error.message : t('manage.failed');
  const run = (action: PeriodEndAction) =>
    update.mutate(action, {
      onSuccess: () => {
        setCancelling(false);
        toast.success(t(`manage.done.${action}`, { date }));
      },
      onError: (error) => {
        if (action !== 'cancel') toast.error(failure(error));
      },
    });
  const openPortal = () =>
    portal.mutate(undefined, {
      // The payment-method page returns to this screen when done, as a provider's customer portal does.
      onSuccess: ({ url }) => window.location.assign(url),
      onError: () => toast.error(t('manage.failed')),
    });

  return (
    <Card aria-labelledby="plan-summary-title" className="mb-8">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-3">
          <CardTitle id="plan-summary-title">
            {details.tier ? t('manage.planName', { plan: t(`tiers.${details.tier}.name`) }) : t('overview.none')}
          </CardTitle>
          {details.status ? (
            <Badge data-testid="subscription-status">{t(`manage.status.${details.status}`)}</Badge>
          ) : null}
        </div>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          {details.interval ? (
            <>
              <dt className="text-muted-foreground">{t('intervalLabel')}</dt>
              <dd>{t(`intervals.${details.interval}`)}</dd>
            </>
          ) : null}
          {date ? (
            <>
              <dt className="text-muted-foreground">{ends ? t('manage.endsOn') : t('manage.renewsOn')}</dt>
              <dd data-testid="subscription-date">{date}</dd>
            </>
          ) : null}
          {details.shared_from ? (
            <>
              <dt className="text-muted-foreground">{t('manage.sharedBy')}</dt>
              <dd>{details.shared_from}</dd>
            </>
          ) : null}
        </dl>
        {details.scheduled_change ? (
          <p className="mt-4 rounded-md border border-dashed border-border p-3 text-sm" role="status">
            {t('manage.scheduled', {
              plan: t(`tiers.${details.scheduled_change.tier}.name`),
              interval: t(`intervals.${details.scheduled_change.interval}`),
              date,
            })}
          </p>
        ) : null}
        {details.cancel_at_period_end ? (
          <p className="mt-4 rounded-md border border-dashed border-border p-3 text-sm" role="status">
            {t('manage.cancelPending', { date })}
          </p>
        ) : null}
      </CardContent>
      {details.manageable ? (
        <CardFooter className="flex flex-wrap gap-3">
          {details.scheduled_change ? (
            <Button variant="outline" onClick={() => run('undo')} disabled={update.isPending}>
              {t('manage.undo')}
            </Button>
          ) : null}
          {details.cancel_at_period_end ? (
            <Button onClick={() => run('resume')} disabled={update.isPending}>
              {t('manage.resume')}
            </Button>
          ) : (
            <Button
              variant="outline"
              onClick={() => {
                update.reset();
                setCancelling(true);
              }}
              disabled={update.isPending}
            >
              {t('manage.cancel')}
            </Button>
          )}
          <Button variant="ghost" onClick={openPortal} disabled={portal.isPending}>
            <CreditCard aria-hidden="true" />
            {t('manage.paymentMethod')}
          </Button>
        </CardFooter>
      ) : null}
      <ConfirmDialog
        open={cancelling}
        onOpenChange={(open) => {
          if (!open && !update.isPending) setCancelling(false);
        }}
        title={t('manage.cancelConfirm.title')}
        description={[
          t('manage.cancelConfirm.description', { date }),
          details.scheduled_change
            ? t('manage.cancelConfirm.dropsScheduled', { plan: t(`tiers.${details.scheduled_change.tier}.name`) })
            : '',
        ]
          .filter(Boolean)
          .join(' ')}
        confirmLabel={t('manage.cancel')}
        cancelLabel={t('manage.cancelConfirm.keep')}
        onConfirm={() => run('cancel')}
        pending={update.isPending && update.variables === 'cancel'}
        error={update.isError && update.variables === 'cancel' ? failure(update.error) : null}
      />
    </Card>
  );
}
