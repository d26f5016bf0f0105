import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useRedeemCoupon } from '../api/redeem-coupon';
import { couponErrorText } from '../coupon-error-text';

/** A free-access code: its plan starts at once. */
export function RedeemCouponForm() {
  const { t } = useTranslation('plans');
  const redeem = useRedeemCoupon();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('coupon.empty'));
      return;
    }
    redeem.mutate(code.trim(), {
      onSuccess: (result) => {
        if (!result.success) return;
        toast.success(t('coupon.redeemedToast'), { description: t('coupon.freeAccessActive') });
        setCode('');
        setError(undefined);
      },
      onError: (failure) => setError(couponErrorText(t, failure, t('coupon.failed'))),
    });
  };

  return (
    <section aria-labelledby="redeem-coupon-title" className="mb-10 max-w-md">
      <h2 id="redeem-coupon-title" className="mb-3 text-lg font-semibold">
        {t('coupon.redeemTitle')}
      </h2>
      <form className="flex flex-col gap-3" onSubmit={onSubmit} noValidate>
        <FormField
          label={t('coupon.codeLabel')}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
          error={error}
          autoComplete="off"
          maxLength={40}
        />
        <Button type="submit" className="self-start" disabled={redeem.isPending}>
          {redeem.isPending ? t('coupon.redeeming') : t('coupon.redeem')}
        </Button>
      </form>
    </section>
  );
}
