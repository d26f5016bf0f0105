import { LEARNER_HOME } from '@portal/shared/routes';
import { TIERS } from '@portal/shared/tiers';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { useMe } from '@/lib/auth';
import { useStartCheckout } from '../api/start-checkout';
import { PlanCard } from '../components/plan-card';

/** The four tiers; Calm activates at once for free, paid tiers arrive with checkout. */
export function ChoosePlan() {
  const { t } = useTranslation('plans');
  const navigate = useNavigate();
  const { data: me } = useMe();
  const checkout = useStartCheckout();

  const chooseCalm = () => {
    if (!me) {
      void navigate('/login?mode=signup', { state: { from: '/choose-plan' } });
      return;
    }
    checkout.mutate(
      { tier: 'calm' },
      {
        onSuccess: (result) => {
          if (result.freeAccess) {
            toast.success(t('successToast'), { description: t('calmActive') });
            void navigate(LEARNER_HOME, { replace: true });
          } else if (result.url) {
            window.open(result.url, '_blank', 'noopener');
          } else {
            toast.error(t('noCheckoutUrl'));
          }
        },
        onError: (error) => toast.error(error instanceof ApiError ? error.message : t('checkoutFailed')),
      },
    );
  };

  return (
    <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <div className="mx-auto mb-10 max-w-2xl text-center">
        <h1 className="text-3xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="mt-3 text-muted-foreground">{t('subtitle')}</p>
      </div>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {TIERS.map((tier) => (
          <PlanCard
            key={tier}
            tier={tier}
            badge={tier === 'calm' ? t('free') : t('comingSoon')}
            action={
              tier === 'calm' ? (
                <Button className="w-full" onClick={chooseCalm} disabled={checkout.isPending}>
                  {checkout.isPending ? t('activating') : t('startFree')}
                </Button>
              ) : (
                <Button className="w-full" variant="outline" disabled aria-describedby={`plan-${tier}-soon`}>
                  <span id={`plan-${tier}-soon`}>{t('comingSoon')}</span>
                </Button>
              )
            }
          />
        ))}
      </div>
      <p className="mt-8 text-center text-sm text-muted-foreground">{t('pricesAtCheckout')}</p>
    </section>
  );
}
