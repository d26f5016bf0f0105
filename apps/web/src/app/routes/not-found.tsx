import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { usePageTitle } from '@/lib/page-title';

export function NotFound() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <Compass className="size-12 text-primary" aria-hidden="true" />
      <p className="mt-4 text-sm font-semibold text-primary">404</p>
      <h1 className="mt-2 text-3xl font-semibold">{t('notFound.title')}</h1>
      <p className="mt-3 text-muted-foreground">{t('notFound.description')}</p>
      <div className="mt-8 flex gap-3">
        <Button asChild>
          <Link to="/">{t('notFound.home')}</Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to="/dashboard/learner">{t('notFound.dashboard')}</Link>
        </Button>
      </div>
    </section>
  );
}
