import { useTranslation } from 'react-i18next';
import { formatPrice } from '@/lib/format-price';
import { useCheckoutCoupon } from '../api/get-checkout-coupon';

/** The coupon applied to this checkout: its code, the discount and the price before it (rows of the summary list). */
export function CheckoutCoupon({ sessionId, currency }: { sessionId: string; currency: string }) {
  const { t, i18n } = useTranslation('plans');
  const coupon = useCheckoutCoupon(sessionId).data?.coupon;
  if (!coupon) return null;
  return (
    <>
      <dt className="text-muted-foreground">{t('checkout.listPrice')}</dt>
      <dd className="text-muted-foreground line-through">{formatPrice(coupon.list_amount, currency, i18n.language)}</dd>
      <dt className="text-muted-foreground">{t('checkout.couponApplied', { code: coupon.code })}</dt>
      <dd data-testid="checkout-coupon">−{coupon.percent_off}%</dd>
    </>
  );
}
