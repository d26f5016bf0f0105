import type { FormEvent } from 'react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NewPasswordField } from '@/components/new-password-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useResendVerification } from '../api/resend-verification';
import { useSignUp } from '../api/sign-up';
import { CredentialFields, credentialsBody, emptyCredentials, hasCredentials } from './credential-fields';
import { DevMailboxHint } from './dev-mailbox-hint';
import { PhoneCodeForm } from './phone-code-form';
import { useAuthErrorMessage } from './use-auth-error';

/** Creating an account; loaded when the visitor opens the sign-up tab (or the login page has been idle a moment). */
export function SignUpForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation('auth');
  const [name, setName] = useState('');
  const [credentials, setCredentials] = useState(emptyCredentials);
  const [missing, setMissing] = useState(false);
  const signUp = useSignUp();
  const resend = useResendVerification();
  const errorMessage = useAuthErrorMessage();
  const body = credentialsBody(credentials);

  if (signUp.isSuccess && signUp.data.verification === 'sms' && 'phoneNumber' in body && body.phoneNumber) {
    return <PhoneCodeForm phoneNumber={body.phoneNumber} onVerified={onSignedIn} />;
  }
  if (signUp.isSuccess) {
    return (
      <div className="flex flex-col gap-4" aria-live="polite">
        <Alert variant="success">
          <strong className="block">{t('checkEmailTitle')}</strong>
          {t('checkEmailDescription', { email: 'email' in body ? body.email : '' })}
        </Alert>
        <DevMailboxHint />
        <Button
          variant="outline"
          disabled={resend.isPending}
          onClick={() => resend.mutate({ email: 'email' in body ? body.email : undefined })}
        >
          {resend.isSuccess ? t('linkResent') : t('resendLink')}
        </Button>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(!hasCredentials(credentials));
    if (!hasCredentials(credentials)) return;
    signUp.mutate({ ...body, name: name.trim() || undefined });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate aria-label={t('signUp')}>
      <FormField label={t('name')} autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} />
      <CredentialFields
        value={credentials}
        onChange={setCredentials}
        newPassword={
          <NewPasswordField
            label={t('password')}
            value={credentials.password}
            onChange={(password) => setCredentials({ ...credentials, password })}
            context={
              credentials.kind === 'email'
                ? { email: credentials.email.trim(), name: name.trim() }
                : { phoneNumber: credentials.phoneNumber, name: name.trim() }
            }
          />
        }
      />
      {missing ? <Alert variant="destructive">{t('credentialsRequired')}</Alert> : null}
      {signUp.isError ? <Alert variant="destructive">{errorMessage(signUp.error)}</Alert> : null}
      <Button type="submit" disabled={signUp.isPending}>
        {signUp.isPending ? t('creatingAccount') : t('createAccount')}
      </Button>
      <p className="text-center text-xs text-muted-foreground">
        <Trans
          t={t}
          i18nKey="agreement"
          components={{
            terms: <Link to="/terms-of-service" className="underline" />,
            privacy: <Link to="/privacy-policy" className="underline" />,
          }}
        />
      </p>
    </form>
  );
}
