import { LEARNER_HOME } from '@portal/shared/routes';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMe } from '@/lib/auth';
import { usePageTitle } from '@/lib/page-title';
import { useSharedPlan } from '../api/get-shared-plan';
import { PlanPicker } from '../components/plan-picker';
import { SharedPlanMembership } from '../components/shared-plan-membership';

/** The four tiers for someone without a plan; Calm activates at once, a paid tier opens its checkout in a new tab. */
export function ChoosePlan() {
  const { t } = useTranslation('plans');
  usePageTitle(t('title'));
  const navigate = useNavigate();
  const { data: me } = useMe();
  const membership = useSharedPlan({ enabled: Boolean(me) }).data?.membership;
  return (
    <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <div className="mx-auto mb-8 max-w-2xl text-center">
        <h1 className="text-3xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="mt-3 text-muted-foreground">{t('subtitle')}</p>
      </div>
      {membership && !membership.active ? <SharedPlanMembership membership={membership} /> : null}
      <PlanPicker currentTier={null} onFreeAccess={() => void navigate(LEARNER_HOME, { replace: true })} />
    </section>
  );
}
