import type { BillingInterval } from '@portal/shared/billing';
import { TIERS, type Tier, tierRank } from '@portal/shared/tiers';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useMe } from '@/lib/auth';
import { useStartCheckout } from '../api/start-checkout';
import { couponErrorText } from '../coupon-error-text';
import { IntervalSwitch } from './interval-switch';
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
  const [couponCode, setCouponCode] = useState('');
  // Set during the click itself: a second click before the button is disabled opens no second tab or checkout.
  const opening = useRef(false);

  const choose = (tier: Tier) => {
    if (!me) {
      void navigate('/login?mode=signup', { state: { from: '/choose-plan' } });
      return;
    }
    if (opening.current) return;
    opening.current = true;
    const tab = tier === 'calm' ? null : openCheckoutTab();
    setChoosing(tier);
    const code = tier === 'calm' ? '' : couponCode.trim();
    checkout.mutate(
      { tier, interval, ...(code ? { couponCode: code } : {}) },
      {
        onSuccess: (result) => {
          if (result.freeAccess) {
            tab?.close();
            toast.success(t('successToast'), {
              description: tier === 'calm' ? t('calmActive') : t('coupon.freeAccessActive'),
            });
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
          toast.error(couponErrorText(t, error, t('checkoutFailed')));
        },
        onSettled: () => {
          opening.current = false;
          setChoosing(null);
        },
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
    if (currentTier !== null && tierRank(tier) < tierRank(currentTier)) {
      return (
        <Button className="w-full" variant="outline" disabled>
          {t('overview.included')}
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
        <IntervalSwitch value={interval} onChange={setBillingInterval} />
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
      <div className="mx-auto mt-8 max-w-sm">
        <FormField
          label={t('coupon.checkoutLabel')}
          hint={t('coupon.checkoutHint')}
          value={couponCode}
          onChange={(event) => setCouponCode(event.target.value)}
          autoComplete="off"
          maxLength={40}
        />
      </div>
      <p className="mt-8 text-center text-sm text-muted-foreground">{t('pricesAtCheckout')}</p>
    </div>
  );
}
