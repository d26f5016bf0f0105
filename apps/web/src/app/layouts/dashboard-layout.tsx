import { LogOut, Menu, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { Suspense, useEffect, useRef, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { ErrorFallback } from '@/components/error-fallback';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Brand } from '@/components/layout/brand';
import { SkipLink } from '@/components/layout/skip-link';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { WhatsNewButton } from '@/features/beta/components/whats-new-button';
import { PaymentDueBanner } from '@/features/subscription/components/payment-due-banner';
import { VoiceReader } from '@/features/voice/components/voice-reader';
import { useMe, useSignOut } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { isNavItemActive, navSectionsFor } from '../navigation';

function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  // An item is current on its page and, for an area such as the study sessions, on every page under it.
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('nav.label')} className="flex flex-col gap-6 px-3 py-4">
      {navSectionsFor(me?.role ?? 'learner').map((section) => (
        <div key={section.titleKey}>
          <h2 className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            {t(section.titleKey)}
          </h2>
          <ul className="flex flex-col gap-0.5">
            {section.items.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={onNavigate}
                  aria-current={isNavItemActive(item, pathname) ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-md px-3 py-2 text-sm transition-colors hover:bg-muted',
                    isNavItemActive(item, pathname) && 'bg-accent font-medium text-primary',
                  )}
                >
                  <item.icon className="size-4" aria-hidden="true" />
                  {t(item.labelKey)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function UserMenu() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const signOut = useSignOut();
  const navigate = useNavigate();
  if (!me) return null;
  return (
    <div className="flex items-center gap-3">
      <div className="hidden text-right text-sm sm:block">
        <div className="font-medium">{me.user.name}</div>
        <div className="text-xs text-muted-foreground">{t(`roles.${me.role}`)}</div>
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={signOut.isPending}
        onClick={() =>
          signOut.mutate('local', {
            onSuccess: () => navigate('/login', { replace: true }),
            onError: () => void import('sonner').then(({ toast }) => toast.error(t('signOut.failed'))),
          })
        }
      >
        <LogOut aria-hidden="true" />
        {t('signOut.action')}
      </Button>
    </div>
  );
}

export function DashboardLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the mobile menu closes whenever the route changes
  useEffect(() => setMenuOpen(false), [location.pathname]);
  return (
    <div className="min-h-screen bg-background">
      <SkipLink />
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 overflow-y-auto border-r border-border bg-card lg:block">
        <div className="flex h-16 items-center border-b border-border px-6">
          <Brand to="/dashboard/learner" />
        </div>
        <SideNav />
      </aside>
      <Dialog open={menuOpen} onOpenChange={setMenuOpen}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/40 lg:hidden" />
          <DialogPrimitive.Content
            id="mobile-nav"
            className="fixed inset-y-0 left-0 z-40 w-72 max-w-[85vw] overflow-y-auto bg-card shadow-lg focus:outline-none lg:hidden"
            aria-describedby={undefined}
            // Closed, the menu gives focus back to the button that opened it (Radix would look for its own trigger).
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              menuButton.current?.focus();
            }}
          >
            <DialogPrimitive.Title className="sr-only">{t('nav.label')}</DialogPrimitive.Title>
            <div className="flex h-16 items-center justify-between border-b border-border px-4">
              <Brand to="/dashboard/learner" />
              <DialogPrimitive.Close asChild>
                <Button variant="ghost" size="icon" aria-label={t('nav.close')}>
                  <X aria-hidden="true" />
                </Button>
              </DialogPrimitive.Close>
            </div>
            <SideNav onNavigate={() => setMenuOpen(false)} />
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </Dialog>
      <div className="lg:pl-64">
        <header className="sticky top-0 z-20 flex h-16 items-center justify-between gap-4 border-b border-border bg-card/95 px-4 backdrop-blur sm:px-6">
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label={t('nav.open')}
            aria-expanded={menuOpen}
            aria-controls="mobile-nav"
            onClick={() => setMenuOpen(true)}
          >
            <Menu aria-hidden="true" />
          </Button>
          <div className="flex flex-1 items-center justify-end gap-4">
            <WhatsNewButton />
            <VoiceReader />
            <LanguageSwitcher />
            <UserMenu />
          </div>
        </header>
        <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 sm:px-6 focus:outline-none">
          <PaymentDueBanner />
          <ErrorBoundary FallbackComponent={ErrorFallback} resetKeys={[location.pathname]}>
            {/* A screen whose translations are still loading waits here, inside the dashboard frame. */}
            <Suspense fallback={null}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
      </div>
    </div>
  );
}
