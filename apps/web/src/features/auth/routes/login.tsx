import { LEARNER_HOME } from '@portal/shared/routes';
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { NewPasswordField } from '@/components/new-password-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api';
import { useResendVerification } from '../api/resend-verification';
import { useSignIn } from '../api/sign-in';
import { useSignUp } from '../api/sign-up';
import { DevMailboxHint } from '../components/dev-mailbox-hint';
import { IdentifierChoice, type IdentifierKind } from '../components/identifier-choice';
import { PhoneCodeForm } from '../components/phone-code-form';
import { SessionEndedNotice } from '../components/session-ended-notice';
import { SsoSignIn } from '../components/sso-sign-in';
import { TwoFactorForm } from '../components/two-factor-form';
import { useAuthErrorMessage } from '../components/use-auth-error';

type Credentials = { kind: IdentifierKind; email: string; phoneNumber: string; password: string };

function credentialsBody({ kind, email, phoneNumber, password }: Credentials) {
  return kind === 'email'
    ? { email: email.trim() || undefined, password: password || undefined }
    : { phoneNumber: phoneNumber.replace(/[\s()-]/g, '') || undefined, password: password || undefined };
}

function hasCredentials(credentials: Credentials) {
  const body = credentialsBody(credentials);
  return Boolean(('email' in body ? body.email : body.phoneNumber) && body.password);
}

function CredentialFields({
  value,
  onChange,
  newAccountName,
}: {
  value: Credentials;
  onChange: (next: Credentials) => void;
  /** Set when signing up: the password is then checked as a new one, against this name and the address. */
  newAccountName?: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <IdentifierChoice value={value.kind} onChange={(kind) => onChange({ ...value, kind })} />
      {value.kind === 'email' ? (
        <FormField
          label={t('email')}
          type="email"
          autoComplete="email"
          value={value.email}
          onChange={(event) => onChange({ ...value, email: event.target.value })}
        />
      ) : (
        <FormField
          label={t('phoneNumber')}
          type="tel"
          autoComplete="tel"
          placeholder="+4915112345678"
          hint={t('phoneHint')}
          value={value.phoneNumber}
          onChange={(event) => onChange({ ...value, phoneNumber: event.target.value })}
        />
      )}
      {newAccountName === undefined ? (
        <FormField
          label={t('password')}
          type="password"
          autoComplete="current-password"
          value={value.password}
          onChange={(event) => onChange({ ...value, password: event.target.value })}
        />
      ) : (
        <NewPasswordField
          label={t('password')}
          value={value.password}
          onChange={(password) => onChange({ ...value, password })}
          context={
            value.kind === 'email'
              ? { email: value.email.trim(), name: newAccountName }
              : { phoneNumber: value.phoneNumber, name: newAccountName }
          }
        />
      )}
    </>
  );
}

const emptyCredentials: Credentials = { kind: 'email', email: '', phoneNumber: '', password: '' };

function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation('auth');
  const [credentials, setCredentials] = useState(emptyCredentials);
  const [missing, setMissing] = useState(false);
  const [verifyPhone, setVerifyPhone] = useState<string | null>(null);
  const [twoFactor, setTwoFactor] = useState(false);
  const signIn = useSignIn();
  const resend = useResendVerification();
  const errorMessage = useAuthErrorMessage();

  if (verifyPhone) return <PhoneCodeForm phoneNumber={verifyPhone} onVerified={onSignedIn} />;
  if (twoFactor) {
    const restart = () => {
      setTwoFactor(false);
      signIn.reset();
    };
    return <TwoFactorForm onSignedIn={onSignedIn} onRestart={restart} />;
  }

  const body = credentialsBody(credentials);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(!hasCredentials(credentials));
    if (!hasCredentials(credentials)) return;
    signIn.mutate(body, {
      onSuccess: (result) => {
        if ('twoFactorRequired' in result) setTwoFactor(true);
        else onSignedIn();
      },
    });
  };
  // The server answers a wrong password and an unconfirmed account alike, so both get the way to confirm.
  const refused = signIn.error instanceof ApiError && signIn.error.code === 'invalid_credentials';
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate aria-label={t('signIn')}>
      <CredentialFields value={credentials} onChange={setCredentials} />
      {missing ? <Alert variant="destructive">{t('credentialsRequired')}</Alert> : null}
      {signIn.isError ? (
        <Alert variant="destructive">
          {errorMessage(signIn.error)}
          {refused && 'email' in body ? (
            <span className="mt-2 block">
              <DevMailboxHint />
            </span>
          ) : null}
        </Alert>
      ) : null}
      <Button type="submit" disabled={signIn.isPending}>
        {signIn.isPending ? t('signingIn') : t('signIn')}
      </Button>
      {refused && 'email' in body && body.email ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-muted-foreground">{t('notConfirmedHint')}</p>
          <Button variant="outline" disabled={resend.isPending} onClick={() => resend.mutate({ email: body.email })}>
            {resend.isSuccess ? t('linkResent') : t('resendLink')}
          </Button>
        </div>
      ) : null}
      {refused && 'phoneNumber' in body && body.phoneNumber ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-muted-foreground">{t('phoneNotConfirmedHint')}</p>
          <Button variant="outline" onClick={() => setVerifyPhone(body.phoneNumber ?? null)}>
            {t('enterCode')}
          </Button>
        </div>
      ) : null}
      <Link to="/reset-password" className="text-center text-sm text-primary underline-offset-4 hover:underline">
        {t('forgotPassword')}
      </Link>
    </form>
  );
}

function SignUpForm({ onSignedIn }: { onSignedIn: () => void }) {
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
      <CredentialFields value={credentials} onChange={setCredentials} newAccountName={name.trim()} />
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

/** Sign in / sign up with email or phone number (also served at /auth). */
export function Login() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const [tab, setTab] = useState(new URLSearchParams(location.search).get('mode') === 'signup' ? 'signup' : 'signin');
  const onSignedIn = () =>
    navigate(from?.startsWith('/') && !from.startsWith('//') ? from : LEARNER_HOME, { replace: true });
  return (
    <section className="mx-auto flex max-w-md flex-col px-4 py-12">
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold leading-tight">{t('title')}</h1>
          <CardDescription>{t('subtitle')}</CardDescription>
        </CardHeader>
        <CardContent>
          <SessionEndedNotice />
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="signin">{t('signIn')}</TabsTrigger>
              <TabsTrigger value="signup">{t('signUp')}</TabsTrigger>
            </TabsList>
            <TabsContent value="signin">
              <SignInForm onSignedIn={onSignedIn} />
              <div className="mt-6 border-t border-border pt-6">
                <SsoSignIn />
              </div>
            </TabsContent>
            <TabsContent value="signup">
              <SignUpForm onSignedIn={onSignedIn} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </section>
  );
}
