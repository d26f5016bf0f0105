import { EMAIL_CONFIRMED_PARAM } from '@portal/shared/routes';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useMe } from '@/lib/auth';
import { usePageTitle } from '@/lib/page-title';

/**
 * Where the email confirmation link lands. Success shows only with the flag the server adds after it accepted the
 * link; opened any other way (no token, a bad or expired one) the page says the link did not work.
 */
export function AuthConfirm() {
  const { t } = useTranslation('auth');
  usePageTitle(t('confirm.title'));
  const [params] = useSearchParams();
  const failed = params.has('error') || params.get(EMAIL_CONFIRMED_PARAM) !== '1';
  const { data: me } = useMe();
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <Card>
        <CardHeader className="items-center text-center">
          {failed ? (
            <XCircle className="size-12 text-destructive" aria-hidden="true" />
          ) : (
            <CheckCircle2 className="size-12 text-success" aria-hidden="true" />
          )}
          <h1 className="text-xl font-semibold">{failed ? t('confirm.failedTitle') : t('confirm.title')}</h1>
          <CardDescription>{failed ? t('confirm.failedDescription') : t('confirm.description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex justify-center">
          {failed ? (
            <Button asChild>
              <Link to="/login">{t('confirm.backToSignIn')}</Link>
            </Button>
          ) : (
            <Button asChild>
              <Link to={me ? '/choose-plan' : '/login'}>{me ? t('confirm.choosePlan') : t('signIn')}</Link>
            </Button>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
