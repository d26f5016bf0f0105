import type { CheckoutSession } from '@portal/shared/billing';
import { LEARNER_HOME } from '@portal/shared/routes';
import type { SubscriptionStatus } from '@portal/shared/tiers';
import { useQueryClient } from '@tanstack/react-query';
import { CircleX, Clock, Loader2, LogIn, PartyPopper } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useCheckoutSession } from '@/features/billing/api/get-checkout-session';
import { CheckoutNotice } from '@/features/billing/components/checkout-notice';
import { useMe } from '@/lib/auth';
import { formatInstant } from '@/lib/intl-formats';
import { subscriptionStatusQueryOptions, useSubscriptionStatus } from '../api/get-subscription-status';

/** How often the page asks again while the payment is still being confirmed. */
const PROCESSING_POLL_MS = 2000;

type Outcome = 'active' | 'processing' | 'failed';

/** Active only when the server's plan is the one this checkout sold; a session still open or unpaid is processing. */
function outcomeOf(session: CheckoutSession | undefined, failed: boolean, status: SubscriptionStatus | undefined) {
  if (failed || session?.status === 'canceled' || session?.status === 'expired') return 'failed';
  if (session && status?.subscribed && status.subscription_tier === session.tier) return 'active';
  return 'processing';
}

/** After checkout: says the plan is active only when the server says so for the signed-in user. */
export function SubscriptionSuccess() {
  const { t, i18n } = useTranslation('plans');
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const me = useMe();
  const signedIn = Boolean(me.data);
  const session = useCheckoutSession(sessionId, { enabled: signedIn && sessionId !== '' });
  const status = useSubscriptionStatus({ enabled: signedIn });
  const outcome: Outcome | null = sessionId
    ? session.isPending
      ? null
      : outcomeOf(session.data, session.isError, status.data)
    : status.data?.subscribed
      ? 'active'
      : 'processing';

  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: subscriptionStatusQueryOptions().queryKey });
  }, [queryClient]);
  // While the provider's confirmation is on its way, ask again until the plan or a failure shows.
  useEffect(() => {
    if (!signedIn || !sessionId || outcome !== 'processing') return;
    const timer = setInterval(() => {
      void session.refetch();
      void status.refetch();
    }, PROCESSING_POLL_MS);
    return () => clearInterval(timer);
  }, [signedIn, sessionId, outcome, session.refetch, status.refetch]);

  if (me.isPending || (signedIn && (status.isPending || outcome === null))) return <Spinner label={t('loading')} />;
  if (!signedIn) {
    return (
      <CheckoutNotice icon={LogIn} title={t('success.signedOutTitle')} description={t('success.signedOutDescription')}>
        <Link to="/login" state={{ from: `/subscription-success${sessionId ? `?session_id=${sessionId}` : ''}` }}>
          {t('success.signIn')}
        </Link>
      </CheckoutNotice>
    );
  }
  if (outcome === 'failed') {
    return (
      <CheckoutNotice icon={CircleX} title={t('success.failedTitle')} description={t('success.failedDescription')}>
        <Link to={session.data?.cancel_path ?? '/choose-plan'}>{t('success.choosePlan')}</Link>
      </CheckoutNotice>
    );
  }
  if (outcome === 'processing') {
    return sessionId ? (
      <CheckoutNotice
        icon={Loader2}
        spin
        title={t('success.processingTitle')}
        description={t('success.processingDescription')}
      />
    ) : (
      <CheckoutNotice icon={Clock} title={t('success.pendingTitle')} description={t('success.pendingDescription')}>
        <Link to="/choose-plan">{t('success.choosePlan')}</Link>
      </CheckoutNotice>
    );
  }
  const tier = status.data?.subscription_tier;
  const renews = status.data?.current_period_end;
  return (
    <CheckoutNotice
      icon={PartyPopper}
      title={tier ? t('success.planActive', { plan: t(`tiers.${tier}.name`) }) : t('success.title')}
      description={
        renews
          ? t('success.renewsOn', { date: formatInstant(renews, i18n.language, { dateStyle: 'long' }) })
          : t('success.description')
      }
    >
      <Link to={LEARNER_HOME}>{t('success.continue')}</Link>
    </CheckoutNotice>
  );
}
