import type { SubscriptionDetails } from '@portal/shared/subscription-management';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useSharedPlan } from '../api/get-shared-plan';
import { useSubscriptionDetails } from '../api/get-subscription-details';
import { ChangePlan } from '../components/change-plan';
import { InvoiceList } from '../components/invoice-list';
import { PlanPicker } from '../components/plan-picker';
import { PlanSummary } from '../components/plan-summary';
import { RedeemCouponForm } from '../components/redeem-coupon-form';
import { SharedPlanMembership } from '../components/shared-plan-membership';
import { SharedPlanSeats } from '../components/shared-plan-seats';

const paidTier = (details: SubscriptionDetails): details is SubscriptionDetails & { tier: 'me' | 'us' | 'universal' } =>
  details.tier !== null && details.tier !== 'calm';

/** The user's plan and everything they can do with it: change, cancel, receipts, coupons and the shared plan. */
export function SubscriptionOverview() {
  const { t } = useTranslation('plans');
  const details = useSubscriptionDetails();
  const shared = useSharedPlan();
  if (details.isPending) return <Spinner label={t('loading')} />;
  const current = details.data;
  const membership = shared.data?.membership ?? null;
  return (
    <div>
      <PageHeader
        title={t('overview.title')}
        description={
          current?.tier ? t('overview.current', { tier: t(`tiers.${current.tier}.name`) }) : t('overview.none')
        }
      />
      {membership ? <SharedPlanMembership membership={membership} /> : null}
      {current ? <PlanSummary details={current} /> : null}
      {current?.manageable && paidTier(current) ? (
        <ChangePlan details={current} />
      ) : current?.shared_from ? null : (
        <div className="mb-10">
          <PlanPicker currentTier={current?.tier ?? null} />
        </div>
      )}
      {shared.data?.can_share ? <SharedPlanSeats plan={shared.data} /> : null}
      {current?.manageable ? null : <RedeemCouponForm />}
      <InvoiceList />
    </div>
  );
}
