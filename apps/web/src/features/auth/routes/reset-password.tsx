import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { NewPasswordField } from '@/components/new-password-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { usePageTitle } from '@/lib/page-title';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useResetPassword } from '../api/reset-password';
import { DevMailboxHint } from '../components/dev-mailbox-hint';
import { useAuthErrorMessage } from '../components/use-auth-error';

function RequestResetForm() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const request = useRequestPasswordReset();
  const errorMessage = useAuthErrorMessage();
  if (request.isSuccess) {
    return (
      <div className="flex flex-col gap-4" aria-live="polite">
        <Alert variant="success">{t('reset.sent', { email })}</Alert>
        <DevMailboxHint />
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate({ email: email.trim() });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <FormField
        label={t('email')}
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={request.isError ? errorMessage(request.error) : undefined}
      />
      <Button type="submit" disabled={request.isPending || email.trim() === ''}>
        {t('reset.send')}
      </Button>
    </form>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const reset = useResetPassword();
  const errorMessage = useAuthErrorMessage();
  const mismatch = confirmation !== '' && password !== confirmation;
  if (reset.isSuccess) {
    return (
      <div className="flex flex-col gap-4" aria-live="polite">
        <Alert variant="success">{t('reset.done')}</Alert>
        <Button asChild>
          <Link to="/login">{t('signIn')}</Link>
        </Button>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mismatch) return;
    reset.mutate({ token, newPassword: password });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <NewPasswordField
        label={t('newPassword')}
        value={password}
        onChange={(value) => {
          setPassword(value);
          // The server's answer was about the password as it was; once it changes that answer no longer holds.
          if (reset.isError) reset.reset();
        }}
      />
      <FormField
        label={t('confirmPassword')}
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        error={mismatch ? t('passwordsDiffer') : undefined}
      />
      {reset.isError ? <Alert variant="destructive">{errorMessage(reset.error)}</Alert> : null}
      <Button type="submit" disabled={reset.isPending || password === '' || mismatch}>
        {t('reset.save')}
      </Button>
    </form>
  );
}

/** Request a reset link, or (with ?token=) choose a new password. */
export function ResetPassword() {
  const { t } = useTranslation('auth');
  usePageTitle(t('reset.title'));
  const [params] = useSearchParams();
  const token = params.get('token');
  const invalid = params.get('error');
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold">{t('reset.title')}</h1>
          <CardDescription>{token ? t('reset.chooseDescription') : t('reset.requestDescription')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {invalid ? <Alert variant="destructive">{t('errors.invalid_jwt')}</Alert> : null}
          {token && !invalid ? <NewPasswordForm token={token} /> : <RequestResetForm />}
          <Link to="/login" className="text-center text-sm text-primary underline-offset-4 hover:underline">
            {t('confirm.backToSignIn')}
          </Link>
        </CardContent>
      </Card>
    </section>
  );
}
