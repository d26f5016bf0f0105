import { SSO_ERROR_PARAM, SSO_SIGN_IN_ERRORS, type SsoSignInError } from '@portal/shared/sso-errors';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api';
import { useStartSso } from '../api/start-sso';
import { useAuthErrorMessage } from './use-auth-error';

const isSsoError = (value: string | null): value is SsoSignInError =>
  (SSO_SIGN_IN_ERRORS as readonly (string | null)[]).includes(value);

/** "Continue with single sign-on": asks for the work email and opens the identity provider of its domain. */
export function SsoSignIn({
  openProvider = (url) => window.location.assign(url),
}: {
  openProvider?: (url: string) => void;
}) {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const returned = new URLSearchParams(location.search).get(SSO_ERROR_PARAM);
  const [open, setOpen] = useState(returned !== null);
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState(false);
  const start = useStartSso();
  const errorMessage = useAuthErrorMessage();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(email.trim() === '');
    if (email.trim() === '') return;
    start.mutate({ email: email.trim() }, { onSuccess: ({ url }) => openProvider(url) });
  };

  const failure =
    start.error instanceof ApiError && start.error.code === 'validation_failed'
      ? t('sso.invalidEmail')
      : start.isError
        ? errorMessage(start.error)
        : null;

  if (!open) {
    return (
      <Button type="button" variant="outline" className="w-full" onClick={() => setOpen(true)}>
        {t('sso.continue')}
      </Button>
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate aria-labelledby="sso-title">
      <div>
        <h2 id="sso-title" className="text-base font-semibold">
          {t('sso.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('sso.description')}</p>
      </div>
      {returned !== null && !start.isPending ? (
        <Alert variant="destructive">{t(`sso.returned.${isSsoError(returned) ? returned : 'failed'}`)}</Alert>
      ) : null}
      <FormField
        label={t('sso.workEmail')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={missing ? t('sso.emailRequired') : undefined}
      />
      <div aria-live="polite">{failure ? <Alert variant="destructive">{failure}</Alert> : null}</div>
      <Button type="submit" disabled={start.isPending || start.isSuccess}>
        {start.isPending || start.isSuccess ? t('sso.redirecting') : t('sso.start')}
      </Button>
      <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
        {t('sso.back')}
      </Button>
    </form>
  );
}
