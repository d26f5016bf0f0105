import type { BillingInterval } from '@portal/shared/billing';
import { PAID_TIERS } from '@portal/shared/coupons';
import type { SubscriptionDetails } from '@portal/shared/subscription-management';
import { tierRank } from '@portal/shared/tiers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { formatPrice } from '@/lib/format-price';
import { formatInstant } from '@/lib/intl-formats';
import { type Change, useChangePlan } from '../api/change-plan';
import { useChangeQuote } from '../api/get-change-quote';
import { IntervalSwitch } from './interval-switch';
import { PlanCard } from './plan-card';

type PaidTier = (typeof PAID_TIERS)[number];

const failureText = (t: (key: string) => string, error: unknown) =>
  error instanceof ApiError && error.status < 500 ? error.message : t('manage.failed');

/**
 * A subscriber's plan change: a higher plan or yearly billing starts now, anything else at the period end. The change
 * is confirmed in a dialog that says what is charged today and when the plan changes, as the server works it out.
 */
export function ChangePlan({ details }: { details: SubscriptionDetails & { tier: PaidTier } }) {
  const { t, i18n } = useTranslation('plans');
  const change = useChangePlan();
  const current = { tier: details.tier, interval: details.interval ?? 'month' };
  const [interval, setBillingInterval] = useState<BillingInterval>(current.interval);
  const [confirming, setConfirming] = useState<Change | null>(null);
  const quote = useChangeQuote(confirming);
  const locked = details.cancel_at_period_end || details.status === 'past_due';

  const confirm = () => {
    if (!confirming) return;
    change.mutate(confirming, {
      onSuccess: (result) => {
        setConfirming(null);
        toast.success(t(result.effective === 'now' ? 'manage.changedNow' : 'manage.changeScheduled'));
      },
    });
  };

  const planName = (tier: PaidTier) => t(`tiers.${tier}.name`);
  const confirmText = () => {
    if (quote.isError) return failureText(t, quote.error);
    if (!quote.data || !confirming) return t('manage.confirm.pricing');
    const plan = planName(confirming.tier);
    if (quote.data.effective === 'period_end') {
      const date = formatInstant(quote.data.starts_at, i18n.language, { dateStyle: 'long' });
      return t('manage.confirm.later', { plan, date });
    }
    const amount = formatPrice(quote.data.amount, quote.data.currency, i18n.language);
    return t(confirming.interval === current.interval ? 'manage.confirm.nowProrated' : 'manage.confirm.nowNewPeriod', {
      plan,
      amount,
      interval: t(`intervals.${confirming.interval}`),
    });
  };

  const actionFor = (tier: PaidTier) => {
    if (tier === current.tier && interval === current.interval) {
      return (
        <Button className="w-full" variant="secondary" disabled>
          {t('overview.yourPlan')}
        </Button>
      );
    }
    const rise = tierRank(tier) - tierRank(current.tier);
    const now = rise > 0 || (rise === 0 && interval === 'year');
    const label = rise > 0 ? t('manage.upgrade') : rise < 0 ? t('manage.downgrade') : t(`manage.switchTo.${interval}`);
    return (
      <div className="flex w-full flex-col gap-1">
        <Button
          className="w-full"
          variant={rise > 0 ? 'default' : 'outline'}
          onClick={() => {
            change.reset();
            setConfirming({ tier, interval });
          }}
          disabled={change.isPending || locked}
        >
          {change.isPending && change.variables?.tier === tier ? t('manage.changing') : label}
        </Button>
        <p className="text-center text-xs text-muted-foreground">
          {now ? t('manage.startsNow') : t('manage.startsAtPeriodEnd')}
        </p>
      </div>
    );
  };

  return (
    <section aria-labelledby="change-plan-title" className="mb-10">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="change-plan-title" className="text-lg font-semibold">
          {t('manage.changeTitle')}
        </h2>
        <IntervalSwitch value={interval} onChange={setBillingInterval} />
      </div>
      {locked ? (
        <p className="mb-4 text-sm text-muted-foreground">
          {t(details.status === 'past_due' ? 'manage.changeLockedPastDue' : 'manage.changeLockedCanceled')}
        </p>
      ) : null}
      <div className="grid gap-6 md:grid-cols-3">
        {PAID_TIERS.map((tier) => (
          <PlanCard
            key={tier}
            tier={tier}
            current={tier === current.tier}
            badge={tier === current.tier ? t('overview.yourPlan') : undefined}
            action={actionFor(tier)}
          />
        ))}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !change.isPending) setConfirming(null);
        }}
        title={confirming ? t('manage.confirm.title', { plan: planName(confirming.tier) }) : ''}
        description={confirmText()}
        confirmLabel={t('manage.confirm.action')}
        onConfirm={confirm}
        pending={change.isPending}
        confirmable={quote.isSuccess}
        error={change.isError ? failureText(t, change.error) : null}
        destructive={false}
      />
    </section>
  );
}
