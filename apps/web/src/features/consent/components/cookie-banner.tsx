import { ALL_CONSENT_PREFERENCES, DEFAULT_CONSENT_PREFERENCES } from '@portal/shared/consent-choices';
import { X } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useCookieConsent } from '../hooks/use-cookie-consent';

const loadDialog = () => import('./cookie-preferences-dialog');
const CookiePreferencesDialog = lazy(() => loadDialog().then((m) => ({ default: m.CookiePreferencesDialog })));

/**
 * The cookie banner, mounted once for the whole app. It sits at the bottom of the page in the normal flow (so it
 * never hides content) and is not modal. Closing it keeps only essential cookies, like Reject Non-Essential.
 * Plain links: the banner lives outside the router. The Customize dialog loads when it is asked for (its code is
 * fetched as the pointer or focus reaches the button), so the first page a visitor opens does not carry it.
 */
export function CookieBanner() {
  const { t } = useTranslation('consent');
  const { showBanner, choose } = useCookieConsent();
  const titleId = useId();
  const [customizing, setCustomizing] = useState(false);
  const customize = useRef<HTMLButtonElement>(null);
  if (!showBanner) return null;
  return (
    <section aria-labelledby={titleId} className="pointer-events-none sticky bottom-0 z-40 flex justify-end p-3 sm:p-4">
      <div className="pointer-events-auto relative w-full rounded-lg border border-border bg-card p-4 pr-12 shadow-lg lg:max-w-xl">
        <h2 id={titleId} className="text-base font-semibold">
          {t('banner.title')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('banner.description')}</p>
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <a href="/privacy-policy" className="text-primary underline underline-offset-4">
            {t('links.privacy')}
          </a>
          <a href="/terms-of-service" className="text-primary underline underline-offset-4">
            {t('links.terms')}
          </a>
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" onClick={() => choose(ALL_CONSENT_PREFERENCES)}>
            {t('actions.acceptAll')}
          </Button>
          <Button size="sm" onClick={() => choose(DEFAULT_CONSENT_PREFERENCES)}>
            {t('actions.rejectNonEssential')}
          </Button>
          <Button
            ref={customize}
            size="sm"
            variant="outline"
            aria-haspopup="dialog"
            aria-expanded={customizing}
            onPointerEnter={() => void loadDialog()}
            onFocus={() => void loadDialog()}
            onClick={() => setCustomizing(true)}
          >
            {t('actions.customize')}
          </Button>
          {customizing ? (
            <Suspense fallback={null}>
              <CookiePreferencesDialog
                initial={DEFAULT_CONSENT_PREFERENCES}
                onSave={choose}
                onClose={() => setCustomizing(false)}
                returnFocusTo={customize}
              />
            </Suspense>
          ) : null}
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="absolute right-2 top-2 size-8"
          aria-label={t('actions.close')}
          onClick={() => choose(DEFAULT_CONSENT_PREFERENCES)}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
