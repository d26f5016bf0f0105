import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { usePageTitle } from '@/lib/page-title';

export function Forbidden() {
  const { t } = useTranslation();
  usePageTitle(t('forbidden.title'));
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <ShieldAlert className="size-12 text-destructive" aria-hidden="true" />
      <p className="mt-4 text-sm font-semibold text-destructive">403</p>
      <h1 className="mt-2 text-3xl font-semibold">{t('forbidden.title')}</h1>
      <p className="mt-3 text-muted-foreground">{t('forbidden.description')}</p>
      <Button asChild className="mt-8">
        <Link to="/dashboard/learner">{t('forbidden.back')}</Link>
      </Button>
    </section>
  );
}
