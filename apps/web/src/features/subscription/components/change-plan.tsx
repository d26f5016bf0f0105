import type { BillingInterval } from '@portal/shared/billing';
import { PAID_TIERS } from '@portal/shared/coupons';
import type { SubscriptionDetails } from '@portal/shared/subscription-management';
import { tierRank } from '@portal/shared/tiers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { useChangePlan } from '../api/change-plan';
import { IntervalSwitch } from './interval-switch';
import { PlanCard } from './plan-card';

type PaidTier = (typeof PAID_TIERS)[number];

/** A subscriber's plan change: a higher plan or yearly billing starts now, anything else at the period end. */
export function ChangePlan({ details }: { details: SubscriptionDetails & { tier: PaidTier } }) {
  const { t } = useTranslation('plans');
  const change = useChangePlan();
  const current = { tier: details.tier, interval: details.interval ?? 'month' };
  const [interval, setBillingInterval] = useState<BillingInterval>(current.interval);
  const locked = details.cancel_at_period_end || details.status === 'past_due';

  const choose = (tier: PaidTier) =>
    change.mutate(
      { tier, interval },
      {
        onSuccess: (result) =>
          toast.success(t(result.effective === 'now' ? 'manage.changedNow' : 'manage.changeScheduled')),
        onError: (error) =>
          toast.error(error instanceof ApiError && error.status < 500 ? error.message : t('manage.failed')),
      },
    );

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
          onClick={() => choose(tier)}
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
      {locked ? <p className="mb-4 text-sm text-muted-foreground">{t('manage.changeLocked')}</p> : null}
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
    </section>
  );
}
