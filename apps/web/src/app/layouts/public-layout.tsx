import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Brand } from '@/components/layout/brand';
import { SkipLink } from '@/components/layout/skip-link';
import { Button } from '@/components/ui/button';
import { useMe } from '@/lib/auth';

export function PublicLayout() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  return (
    <div className="flex min-h-screen flex-col bg-background">
      <SkipLink />
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Brand />
          <nav aria-label={t('nav.public')} className="hidden items-center gap-5 text-sm md:flex">
            <NavLink to="/choose-plan" className="hover:text-primary">
              {t('nav.plans')}
            </NavLink>
            <NavLink to="/games" className="hover:text-primary">
              {t('nav.games')}
            </NavLink>
            <NavLink to="/contact" className="hover:text-primary">
              {t('nav.contact')}
            </NavLink>
          </nav>
          <div className="flex items-center gap-3">
            <LanguageSwitcher />
            {me ? (
              <Button asChild size="sm">
                <Link to="/dashboard/learner">{t('nav.openDashboard')}</Link>
              </Button>
            ) : (
              <Button asChild size="sm">
                <Link to="/login">{t('nav.signIn')}</Link>
              </Button>
            )}
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <footer className="border-t border-border bg-card">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-6 text-sm text-muted-foreground sm:px-6">
          <span>
            © {new Date().getFullYear()} {t('appName')}
          </span>
          <nav aria-label={t('nav.legal')} className="flex gap-4">
            <Link to="/privacy-policy" className="hover:text-primary">
              {t('nav.privacy')}
            </Link>
            <Link to="/terms-of-service" className="hover:text-primary">
              {t('nav.terms')}
            </Link>
            <Link to="/contact" className="hover:text-primary">
              {t('nav.contact')}
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
