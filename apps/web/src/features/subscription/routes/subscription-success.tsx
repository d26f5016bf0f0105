import { LEARNER_HOME } from '@portal/shared/routes';
import { useQueryClient } from '@tanstack/react-query';
import { Clock, LogIn, PartyPopper } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useMe } from '@/lib/auth';
import { subscriptionStatusQueryOptions, useSubscriptionStatus } from '../api/get-subscription-status';

/** After checkout: says the plan is active only when the server says so for the signed-in user. */
export function SubscriptionSuccess() {
  const { t } = useTranslation('plans');
  const queryClient = useQueryClient();
  const me = useMe();
  const status = useSubscriptionStatus({ enabled: Boolean(me.data) });
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: subscriptionStatusQueryOptions().queryKey });
  }, [queryClient]);

  if (me.isPending || (me.data && status.isPending)) return <Spinner label={t('loading')} />;
  if (!me.data) {
    return (
      <Outcome icon={LogIn} title={t('success.signedOutTitle')} description={t('success.signedOutDescription')}>
        <Link to="/login" state={{ from: '/subscription-success' }}>
          {t('success.signIn')}
        </Link>
      </Outcome>
    );
  }
  if (!status.data?.subscribed) {
    return (
      <Outcome icon={Clock} title={t('success.pendingTitle')} description={t('success.pendingDescription')}>
        <Link to="/choose-plan">{t('success.choosePlan')}</Link>
      </Outcome>
    );
  }
  return (
    <Outcome icon={PartyPopper} title={t('success.title')} description={t('success.description')}>
      <Link to={LEARNER_HOME}>{t('success.continue')}</Link>
    </Outcome>
  );
}

function Outcome({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: typeof PartyPopper;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <Icon className="size-12 text-primary" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-semibold">{title}</h1>
      <p className="mt-3 text-muted-foreground">{description}</p>
      <Button asChild className="mt-8">
        {children}
      </Button>
    </section>
  );
}
