import { useQueryClient } from '@tanstack/react-query';
import { PartyPopper } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { subscriptionStatusQueryOptions } from '../api/get-subscription-status';

export function SubscriptionSuccess() {
  const { t } = useTranslation('plans');
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: subscriptionStatusQueryOptions().queryKey });
  }, [queryClient]);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <PartyPopper className="size-12 text-primary" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-semibold">{t('success.title')}</h1>
      <p className="mt-3 text-muted-foreground">{t('success.description')}</p>
      <Button asChild className="mt-8">
        <Link to="/dashboard/learner">{t('success.continue')}</Link>
      </Button>
    </section>
  );
}
