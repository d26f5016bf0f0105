import { Menu, X } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Brand } from '@/components/layout/brand';
import { SkipLink } from '@/components/layout/skip-link';
import { Button } from '@/components/ui/button';
import { useMe } from '@/lib/auth';

function PublicLinks() {
  const { t } = useTranslation();
  return (
    <>
      <NavLink to="/choose-plan" className="hover:text-primary">
        {t('nav.plans')}
      </NavLink>
      <NavLink to="/games" className="hover:text-primary">
        {t('nav.games')}
      </NavLink>
      <NavLink to="/contact" className="hover:text-primary">
        {t('nav.contact')}
      </NavLink>
    </>
  );
}

export function PublicLayout() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the menu closes whenever the route changes
  useEffect(() => setMenuOpen(false), [location.pathname]);
  // Escape closes the open menu and puts focus back on its button.
  useEffect(() => {
    if (!menuOpen) return;
    const close = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', close);
    return () => document.removeEventListener('keydown', close);
  }, [menuOpen]);
  return (
    <div className="flex min-h-screen flex-col bg-background">
      <SkipLink />
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Brand compactOnMobile />
          <nav aria-label={t('nav.public')} className="hidden items-center gap-5 text-sm md:flex">
            <PublicLinks />
          </nav>
          <div className="flex items-center gap-2 sm:gap-3">
            <Button
              ref={menuButton}
              variant="ghost"
              size="icon"
              className="md:hidden"
              aria-label={menuOpen ? t('nav.close') : t('nav.open')}
              aria-expanded={menuOpen}
              aria-controls="public-mobile-nav"
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            </Button>
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
        {menuOpen ? (
          <nav
            id="public-mobile-nav"
            aria-label={t('nav.public')}
            className="flex flex-col gap-3 border-t border-border px-4 py-3 text-sm md:hidden"
          >
            <PublicLinks />
          </nav>
        ) : null}
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {/* A screen whose translations are still loading waits here, inside the page frame. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="border-t border-border bg-card">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-6 text-sm text-muted-foreground sm:px-6">
          <span>
            © {new Date().getFullYear()} {t('appName')}
          </span>
          <nav aria-label={t('nav.legal')} className="flex flex-wrap gap-x-4 gap-y-2">
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
