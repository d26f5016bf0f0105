import { LEARNER_HOME } from '@portal/shared/routes';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/light-tabs';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { usePageTitle } from '@/lib/page-title';
import { useSignIn } from '../api/sign-in';
import { CredentialFields, credentialsBody, emptyCredentials, hasCredentials } from '../components/credential-fields';
import { SessionEndedNotice } from '../components/session-ended-notice';
import { useAuthErrorMessage } from '../components/use-auth-error';

// The sign-up form (password strength checks, terms) is not part of the first paint of the sign-in page.
const loadSignUpForm = () => import('../components/sign-up-form');
const SignUpForm = lazy(() => loadSignUpForm().then((m) => ({ default: m.SignUpForm })));
const prefetchSignUp = () => void loadSignUpForm();
// The steps after the password (a second factor, a phone code) load when a sign-in is sent.
const loadTwoFactorForm = () => import('../components/two-factor-form');
const loadPhoneCodeForm = () => import('../components/phone-code-form');
// Only after a refused sign-in, and only where the development mailbox is on.
const DevMailboxHint = lazy(() =>
  import('../components/dev-mailbox-hint').then((m) => ({ default: m.DevMailboxHint })),
);
// Single sign-on is a button below the form; its code follows the form's (the prerendered page shows it at once).
const SsoSignIn = lazy(() => import('../components/sso-sign-in').then((m) => ({ default: m.SsoSignIn })));
// What a refused sign-in offers (a new confirmation link, the phone code) loads with the refusal.
const RefusedSignIn = lazy(() => import('../components/refused-sign-in').then((m) => ({ default: m.RefusedSignIn })));
const TwoFactorForm = lazy(() => loadTwoFactorForm().then((m) => ({ default: m.TwoFactorForm })));
const PhoneCodeForm = lazy(() => loadPhoneCodeForm().then((m) => ({ default: m.PhoneCodeForm })));

function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation('auth');
  const [credentials, setCredentials] = useState(emptyCredentials);
  const [missing, setMissing] = useState(false);
  const [verifyPhone, setVerifyPhone] = useState<string | null>(null);
  const [twoFactor, setTwoFactor] = useState(false);
  const signIn = useSignIn();
  const errorMessage = useAuthErrorMessage();

  if (verifyPhone) {
    return (
      <Suspense fallback={<Spinner label={t('enterCode')} className="py-8" />}>
        <PhoneCodeForm phoneNumber={verifyPhone} onVerified={onSignedIn} />
      </Suspense>
    );
  }
  if (twoFactor) {
    const restart = () => {
      setTwoFactor(false);
      signIn.reset();
    };
    return (
      <Suspense fallback={<Spinner label={t('signIn')} className="py-8" />}>
        <TwoFactorForm onSignedIn={onSignedIn} onRestart={restart} />
      </Suspense>
    );
  }

  const body = credentialsBody(credentials);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(!hasCredentials(credentials));
    if (!hasCredentials(credentials)) return;
    void loadTwoFactorForm();
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
              <Suspense fallback={null}>
                <DevMailboxHint />
              </Suspense>
            </span>
          ) : null}
        </Alert>
      ) : null}
      <Button type="submit" disabled={signIn.isPending}>
        {signIn.isPending ? t('signingIn') : t('signIn')}
      </Button>
      {refused ? (
        <Suspense fallback={null}>
          <RefusedSignIn
            email={'email' in body ? body.email : undefined}
            phoneNumber={'phoneNumber' in body ? body.phoneNumber : undefined}
            onEnterCode={setVerifyPhone}
          />
        </Suspense>
      ) : null}
      <Link to="/reset-password" className="text-center text-sm text-primary underline-offset-4 hover:underline">
        {t('forgotPassword')}
      </Link>
    </form>
  );
}

/** Sign in / sign up with email or phone number (also served at /auth). */
export function Login() {
  const { t } = useTranslation('auth');
  usePageTitle(t('signIn'));
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
            {/* The sign-up form's code loads when the pointer or focus reaches the tabs, not with the page. */}
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="signin" onIntent={prefetchSignUp}>
                {t('signIn')}
              </TabsTrigger>
              <TabsTrigger value="signup" onIntent={prefetchSignUp}>
                {t('signUp')}
              </TabsTrigger>
            </TabsList>
            <TabsContent value="signin">
              <SignInForm onSignedIn={onSignedIn} />
              <div className="mt-6 border-t border-border pt-6">
                <Suspense fallback={null}>
                  <SsoSignIn />
                </Suspense>
              </div>
            </TabsContent>
            <TabsContent value="signup">
              <Suspense fallback={<Spinner label={t('signUp')} className="py-8" />}>
                <SignUpForm onSignedIn={onSignedIn} />
              </Suspense>
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </section>
  );
}
