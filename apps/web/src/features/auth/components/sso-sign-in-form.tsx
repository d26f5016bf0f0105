import { SSO_SIGN_IN_ERRORS, type SsoSignInError } from '@portal/shared/sso-errors';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api';
import { useStartSso } from '../api/start-sso';
import { useAuthErrorMessage } from './use-auth-error';

const isSsoError = (value: string | null): value is SsoSignInError =>
  (SSO_SIGN_IN_ERRORS as readonly (string | null)[]).includes(value);

/** Single sign-on's form: asks for the work email and opens the identity provider of its domain. */
export function SsoSignInForm({
  returned,
  openProvider,
  onBack,
}: {
  /** Why a sign-in that came back from the provider did not complete (the `sso_error` parameter), if it did not. */
  returned: string | null;
  openProvider: (url: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('auth');
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
      <Button type="button" variant="ghost" onClick={onBack}>
        {t('sso.back')}
      </Button>
    </form>
  );
}
