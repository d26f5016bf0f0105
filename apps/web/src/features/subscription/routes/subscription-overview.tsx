import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useMe } from '@/lib/auth';
import { useSubscriptionStatus } from '../api/get-subscription-status';
import { PlanPicker } from '../components/plan-picker';

/** The user's current plan and, for Calm, the way up to a paid plan. */
export function SubscriptionOverview() {
  const { t, i18n } = useTranslation('plans');
  const { data: me } = useMe();
  const status = useSubscriptionStatus({ enabled: Boolean(me) });
  if (status.isPending) return <Spinner label={t('loading')} />;
  const current = status.data?.subscription_tier ?? null;
  return (
    <div>
      <PageHeader
        title={t('overview.title')}
        description={current ? t('overview.current', { tier: t(`tiers.${current}.name`) }) : t('overview.none')}
      />
      {status.data?.current_period_end ? (
        <p className="mb-6 text-sm text-muted-foreground">
          {t('overview.renews', {
            date: new Date(status.data.current_period_end).toLocaleDateString(i18n.language, { dateStyle: 'long' }),
          })}
        </p>
      ) : null}
      <PlanPicker currentTier={current} />
    </div>
  );
}
