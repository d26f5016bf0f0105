import { SSO_ERROR_PARAM } from '@portal/shared/sso-errors';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

// The form loads when it is asked for: most visitors sign in with their password.
const loadForm = () => import('./sso-sign-in-form');
const SsoSignInForm = lazy(() => loadForm().then((m) => ({ default: m.SsoSignInForm })));

/**
 * "Continue with single sign-on": opens the form that asks for the work email and sends the visitor to the identity
 * provider of its domain; open from the start when a sign-in came back from the provider without completing.
 */
export function SsoSignIn({
  openProvider = (url) => window.location.assign(url),
}: {
  openProvider?: (url: string) => void;
}) {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const returned = new URLSearchParams(location.search).get(SSO_ERROR_PARAM);
  const [open, setOpen] = useState(returned !== null);
  if (!open) {
    return (
      <Button
        type="button"
        variant="outline"
        className="w-full"
        onPointerEnter={() => void loadForm()}
        onFocus={() => void loadForm()}
        onClick={() => setOpen(true)}
      >
        {t('sso.continue')}
      </Button>
    );
  }
  return (
    <Suspense fallback={<Spinner label={t('sso.title')} className="py-4" />}>
      <SsoSignInForm returned={returned} openProvider={openProvider} onBack={() => setOpen(false)} />
    </Suspense>
  );
}
