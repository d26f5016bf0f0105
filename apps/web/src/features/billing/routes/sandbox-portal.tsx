import { SANDBOX_CARDS } from '@portal/shared/billing';
import { CreditCard } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { useMe } from '@/lib/auth';
import { usePaymentMethod, useUpdateSandboxCard } from '../api/sandbox-payment-method';
import { groupDigits } from '../card-number';
import { CheckoutNotice } from '../components/checkout-notice';
import { SandboxHeading } from '../components/sandbox-heading';

/** The sandbox's customer portal: the card on file and a test card to replace it. */
export function SandboxPortal() {
  const { t } = useTranslation('plans');
  const [params] = useSearchParams();
  const returnPath = params.get('return')?.startsWith('/dashboard/')
    ? (params.get('return') ?? '')
    : '/dashboard/subscription';
  const me = useMe();
  const method = usePaymentMethod({ enabled: Boolean(me.data) });
  const update = useUpdateSandboxCard();
  const [card, setCard] = useState('');
  const [error, setError] = useState<string | undefined>();

  if (me.isPending || (me.data && method.isPending)) return <Spinner label={t('portal.loading')} />;
  if (!me.data) {
    return (
      <CheckoutNotice title={t('checkout.signedOutTitle')} description={t('portal.signedOut')}>
        <Link to="/login" state={{ from: '/billing/sandbox/portal' }}>
          {t('success.signIn')}
        </Link>
      </CheckoutNotice>
    );
  }
  const current = method.data?.payment_method ?? null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (card.replace(/\D/g, '').length < 16) {
      setError(t('checkout.incompleteCard'));
      return;
    }
    update.mutate(card, {
      onSuccess: () => {
        setCard('');
        setError(undefined);
      },
      onError: (failure) =>
        setError(
          failure instanceof ApiError && failure.code === 'card_declined'
            ? t('portal.declined')
            : failure instanceof ApiError && failure.code === 'bad_request'
              ? t('checkout.unknownCard')
              : t('checkout.payFailed'),
        ),
    });
  };
  return (
    <section className="mx-auto w-full max-w-lg px-4 py-10" aria-labelledby="portal-title">
      <SandboxHeading id="portal-title" title={t('portal.title')} />
      <p
        className="mb-6 flex items-center gap-2 rounded-md border border-border bg-card p-4"
        data-testid="card-on-file"
      >
        <CreditCard className="size-5 text-muted-foreground" aria-hidden="true" />
        {current ? t('portal.onFile', { brand: current.brand, last4: current.last4 }) : t('portal.none')}
      </p>
      {update.isSuccess ? (
        <Alert variant="success" className="mb-4">
          {t('portal.updated')}
        </Alert>
      ) : null}
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <FormField
          label={t('portal.newCard')}
          hint={`${t('checkout.testCards')} ${groupDigits(SANDBOX_CARDS.success)} — ${t('checkout.cardPays')}; ${groupDigits(SANDBOX_CARDS.declined)} — ${t('checkout.cardDeclines')}; ${groupDigits(SANDBOX_CARDS.declinesLater)} — ${t('checkout.cardDeclinesLater')}`}
          inputMode="numeric"
          autoComplete="cc-number"
          className="font-mono tracking-wider"
          value={card}
          onChange={(event) => {
            setCard(groupDigits(event.target.value));
            setError(undefined);
          }}
          error={error}
        />
        <Button type="submit" disabled={update.isPending}>
          {t('portal.save')}
        </Button>
        <Button asChild variant="ghost">
          <Link to={returnPath}>{t('portal.back')}</Link>
        </Button>
      </form>
    </section>
  );
}
