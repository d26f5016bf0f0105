import { TIERS, tierRank } from '@portal/shared/tiers';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useMe } from '@/lib/auth';
import { useSubscriptionStatus } from '../api/get-subscription-status';
import { PlanCard } from '../components/plan-card';

/** The user's current plan and the plans above it. */
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
            date: new Date(status.data.current_period_end).toLocaleDateString(i18n.language),
          })}
        </p>
      ) : null}
      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
        {TIERS.map((tier) => {
          const isCurrent = tier === current;
          const above = current ? tierRank(tier) > tierRank(current) : true;
          return (
            <PlanCard
              key={tier}
              tier={tier}
              current={isCurrent}
              badge={isCurrent ? t('overview.yourPlan') : undefined}
              action={
                <Button className="w-full" variant={isCurrent ? 'secondary' : 'outline'} disabled>
                  {isCurrent ? t('overview.yourPlan') : above ? t('comingSoon') : t('overview.included')}
                </Button>
              }
            />
          );
        })}
      </div>
    </div>
  );
}
