import { SANDBOX_CARDS } from '@portal/shared/billing';
import { CreditCard, Lock } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { useMe } from '@/lib/auth';
import { formatPrice } from '@/lib/format-price';
import { useCancelSandboxCheckout } from '../api/cancel-sandbox-checkout';
import { useCheckoutSession } from '../api/get-checkout-session';
import { usePaySandboxCheckout } from '../api/pay-sandbox-checkout';
import { groupDigits } from '../card-number';
import { CheckoutCoupon } from '../components/checkout-coupon';
import { CheckoutNotice } from '../components/checkout-notice';
import { SandboxHeading } from '../components/sandbox-heading';

/** The sandbox's hosted checkout: plan, price and a test card; paying activates the plan through the provider events. */
export function SandboxCheckout() {
  const { sessionId = '' } = useParams();
  const { t, i18n } = useTranslation('plans');
  const navigate = useNavigate();
  const me = useMe();
  const session = useCheckoutSession(sessionId, { enabled: Boolean(me.data) });
  const pay = usePaySandboxCheckout();
  const cancel = useCancelSandboxCheckout();
  const [card, setCard] = useState('');
  const [error, setError] = useState<string | null>(null);
  // One key per visit: a second click on Pay repeats the same payment instead of making another.
  const idempotencyKey = useRef(crypto.randomUUID());
  const cardId = useId();
  const hintId = useId();
  const errorId = useId();

  const paid = session.data?.paid ?? false;
  useEffect(() => {
    if (paid) void navigate(`/subscription-success?session_id=${encodeURIComponent(sessionId)}`, { replace: true });
  }, [paid, navigate, sessionId]);

  if (me.isPending || (me.data && session.isPending)) return <Spinner label={t('checkout.loading')} />;
  if (!me.data) {
    return (
      <CheckoutNotice title={t('checkout.signedOutTitle')} description={t('checkout.signedOutDescription')}>
        <Link to="/login" state={{ from: `/billing/sandbox/${sessionId}` }}>
          {t('success.signIn')}
        </Link>
      </CheckoutNotice>
    );
  }
  if (!session.data || session.data.status === 'canceled' || session.data.status === 'expired') {
    const reason = !session.data ? 'missing' : session.data.status;
    return (
      <CheckoutNotice title={t(`checkout.${reason}Title`)} description={t(`checkout.${reason}Description`)}>
        <Link to={session.data?.cancel_path ?? '/choose-plan'}>{t('checkout.backToPlans')}</Link>
      </CheckoutNotice>
    );
  }
  const { tier, interval, amount, currency, cancel_path: cancelPath } = session.data;
  const price = formatPrice(amount, currency, i18n.language);

  const onPay = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (card.replace(/\D/g, '').length < 16) {
      setError(t('checkout.incompleteCard'));
      return;
    }
    pay.mutate(
      { sessionId, cardNumber: card, idempotencyKey: idempotencyKey.current },
      {
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === 'card_declined') setError(t('checkout.declined'));
          else if (failure instanceof ApiError && failure.code === 'bad_request') setError(t('checkout.unknownCard'));
          // Closed meanwhile (a plan bought or another checkout paid in another tab): show why, from its state.
          else if (failure instanceof ApiError && failure.code === 'conflict') void session.refetch();
          else setError(t('checkout.payFailed'));
        },
      },
    );
  };
  const onCancel = () => {
    cancel.mutate(sessionId, {
      onSettled: (result) => void navigate(result?.cancel_path ?? cancelPath, { replace: true }),
    });
  };
  const busy = pay.isPending || cancel.isPending || paid;

  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6" aria-labelledby="checkout-title">
      <SandboxHeading id="checkout-title" title={t('checkout.title')} />
      <div className="grid overflow-hidden rounded-xl border border-border bg-card shadow-sm md:grid-cols-2">
        <div className="flex flex-col gap-6 bg-muted/50 p-6 sm:p-8">
          <div>
            <p className="text-sm text-muted-foreground">{t('checkout.subscribeTo')}</p>
            <p className="mt-1 text-xl font-semibold">{t('checkout.planName', { plan: t(`tiers.${tier}.name`) })}</p>
            <p className="mt-1 text-sm text-muted-foreground">{t(`tiers.${tier}.tagline`)}</p>
          </div>
          <p className="flex items-baseline gap-2">
            <span className="text-4xl font-semibold tracking-tight" data-testid="checkout-price">
              {price}
            </span>
            <span className="text-muted-foreground">{t(`checkout.per.${interval}`)}</span>
          </p>
          <dl className="grid grid-cols-[1fr_auto] gap-y-2 border-t border-border pt-4 text-sm">
            <dt className="text-muted-foreground">{t('checkout.billing')}</dt>
            <dd>{t(`checkout.interval.${interval}`)}</dd>
            <CheckoutCoupon sessionId={sessionId} currency={currency} />
            <dt className="font-medium">{t('checkout.totalToday')}</dt>
            <dd className="font-medium">{price}</dd>
          </dl>
        </div>
        <form className="flex flex-col gap-5 p-6 sm:p-8" onSubmit={onPay} noValidate>
          <div className="flex flex-col gap-2">
            <Label htmlFor={cardId}>{t('checkout.cardNumber')}</Label>
            <div className="relative">
              <CreditCard
                className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                id={cardId}
                className="pl-9 font-mono tracking-wider"
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="1234 1234 1234 1234"
                value={card}
                onChange={(event) => {
                  setCard(groupDigits(event.target.value));
                  setError(null);
                }}
                aria-describedby={error ? `${hintId} ${errorId}` : hintId}
                aria-invalid={error ? true : undefined}
                required
              />
            </div>
          </div>
          <div id={hintId} className="rounded-md border border-dashed border-border p-3 text-sm text-muted-foreground">
            <p>{t('checkout.testCards')}</p>
            <ul className="mt-1 font-mono text-foreground">
              <li>
                {groupDigits(SANDBOX_CARDS.success)} — {t('checkout.cardPays')}
              </li>
              <li>
                {groupDigits(SANDBOX_CARDS.declined)} — {t('checkout.cardDeclines')}
              </li>
            </ul>
          </div>
          {error ? (
            <Alert id={errorId} variant="destructive">
              {error}
            </Alert>
          ) : null}
          <Button type="submit" size="lg" disabled={busy}>
            <Lock className="size-4" aria-hidden="true" />
            {pay.isPending || paid ? t('checkout.paying') : t('checkout.pay', { price })}
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
            {t('checkout.cancel')}
          </Button>
          <p className="text-center text-xs text-muted-foreground">{t('checkout.noRealMoney')}</p>
        </form>
      </div>
    </section>
  );
}
