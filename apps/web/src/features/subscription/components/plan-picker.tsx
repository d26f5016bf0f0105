import type { BillingInterval } from '@portal/shared/billing';
import { BILLING_INTERVALS, TIERS, type Tier, tierRank } from '@portal/shared/tiers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { useMe } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { useStartCheckout } from '../api/start-checkout';
import { PlanCard } from './plan-card';

/**
 * Opens the checkout in a new tab. The tab is opened during the click (so no pop-up blocker stops it) and pointed at
 * the checkout once the server answers; when no tab could be opened, this tab goes there instead.
 */
function openCheckoutTab() {
  const tab = window.open('', '_blank');
  return {
    go(url: string) {
      if (tab && !tab.closed) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.location.assign(url);
      }
    },
    close() {
      tab?.close();
    },
  };
}

/** The four tiers with a month/year switch; Calm activates at once, a paid tier opens its checkout. */
export function PlanPicker({ currentTier, onFreeAccess }: { currentTier: Tier | null; onFreeAccess?: () => void }) {
  const { t } = useTranslation('plans');
  const navigate = useNavigate();
  const { data: me } = useMe();
  const checkout = useStartCheckout();
  const [interval, setBillingInterval] = useState<BillingInterval>('month');
  const [choosing, setChoosing] = useState<Tier | null>(null);

  const choose = (tier: Tier) => {
    if (!me) {
      void navigate('/login?mode=signup', { state: { from: '/choose-plan' } });
      return;
    }
    const tab = tier === 'calm' ? null : openCheckoutTab();
    setChoosing(tier);
    checkout.mutate(
      { tier, interval },
      {
        onSuccess: (result) => {
          if (result.freeAccess) {
            tab?.close();
            toast.success(t('successToast'), { description: t('calmActive') });
            onFreeAccess?.();
          } else if (result.url) {
            tab?.go(result.url);
            toast.info(t('checkoutOpened'));
          } else {
            tab?.close();
            toast.error(t('noCheckoutUrl'));
          }
        },
        onError: (error) => {
          tab?.close();
          toast.error(error instanceof ApiError && error.status < 500 ? error.message : t('checkoutFailed'));
        },
        onSettled: () => setChoosing(null),
      },
    );
  };

  const actionFor = (tier: Tier) => {
    if (tier === currentTier) {
      return (
        <Button className="w-full" variant="secondary" disabled>
          {t('overview.yourPlan')}
        </Button>
      );
    }
    const below = currentTier !== null && tierRank(tier) < tierRank(currentTier);
    const paidPlan = currentTier !== null && currentTier !== 'calm';
    if (below || paidPlan) {
      return (
        <Button className="w-full" variant="outline" disabled>
          {below ? t('overview.included') : t('overview.changeNotYet')}
        </Button>
      );
    }
    const label = tier === 'calm' ? t('startFree') : t('choose', { plan: t(`tiers.${tier}.name`) });
    return (
      <Button
        className="w-full"
        variant={tier === 'calm' ? 'outline' : 'default'}
        onClick={() => choose(tier)}
        disabled={checkout.isPending}
      >
        {choosing === tier ? (tier === 'calm' ? t('activating') : t('openingCheckout')) : label}
      </Button>
    );
  };

  return (
    <div>
      <div className="mb-8 flex justify-center">
        <fieldset className="inline-flex rounded-lg border border-border bg-muted p-1">
          <legend className="sr-only">{t('intervalLabel')}</legend>
          {BILLING_INTERVALS.map((option) => (
            <label
              key={option}
              className={cn(
                'cursor-pointer rounded-md px-4 py-1.5 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                interval === option
                  ? 'bg-card text-foreground shadow-sm'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              <input
                type="radio"
                name="billing-interval"
                value={option}
                checked={interval === option}
                onChange={() => setBillingInterval(option)}
                className="sr-only"
              />
              {t(`intervals.${option}`)}
            </label>
          ))}
        </fieldset>
      </div>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {TIERS.map((tier) => (
          <PlanCard
            key={tier}
            tier={tier}
            current={tier === currentTier}
            badge={tier === currentTier ? t('overview.yourPlan') : tier === 'calm' ? t('free') : undefined}
            action={actionFor(tier)}
          />
        ))}
      </div>
      <p className="mt-8 text-center text-sm text-muted-foreground">{t('pricesAtCheckout')}</p>
    </div>
  );
}
