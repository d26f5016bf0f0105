import { LEARNER_HOME } from '@portal/shared/routes';
import { Gamepad2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';

export function Games() {
  const { t } = useTranslation('landing');
  return (
    <section className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:py-16">
      <PageHeader title={t('games.title')} description={t('games.description')} />
      <EmptyState
        icon={Gamepad2}
        title={t('games.emptyTitle')}
        description={t('games.emptyDescription')}
        action={
          <Button variant="outline" asChild className="mt-2">
            <Link to={LEARNER_HOME}>{t('games.dashboardCta')}</Link>
          </Button>
        }
      />
    </section>
  );
}
