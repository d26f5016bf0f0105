import { type CouponKind, PAID_TIERS } from '@portal/shared/coupons';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api';
import { useSaveCoupon } from '../api/save-coupon';

type PaidTier = (typeof PAID_TIERS)[number];
const EMPTY = { code: '', percentOff: '20', freeDays: '30', maxRedemptions: '100', expiresOn: '' };

/** A new coupon: a code with percent off the chosen plans, or free access to one plan for some days. */
export function CouponForm() {
  const { t } = useTranslation('dashboard');
  const save = useSaveCoupon();
  const [kind, setKind] = useState<CouponKind>('percent_off');
  const [fields, setFields] = useState(EMPTY);
  const [tiers, setTiers] = useState<PaidTier[]>(['me']);
  const [freeTier, setFreeTier] = useState<PaidTier>('me');
  const [error, setError] = useState<string | null>(null);
  const field = (name: keyof typeof EMPTY) => ({
    value: fields[name],
    onChange: (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!/^[A-Za-z0-9_-]{3,40}$/.test(fields.code.trim())) {
      setError(t('adminCoupons.errors.code'));
      return;
    }
    if (kind === 'percent_off' && tiers.length === 0) {
      setError(t('adminCoupons.errors.tiers'));
      return;
    }
    save.mutate(
      {
        kind: 'create',
        coupon: {
          code: fields.code.trim(),
          kind,
          percentOff: kind === 'percent_off' ? Number(fields.percentOff) : null,
          freeTier: kind === 'free_access' ? freeTier : null,
          freeDays: kind === 'free_access' ? Number(fields.freeDays) : null,
          appliesTo: kind === 'free_access' ? [freeTier] : tiers,
          maxRedemptions: Number(fields.maxRedemptions),
          expiresAt: fields.expiresOn ? new Date(`${fields.expiresOn}T23:59:59`).toISOString() : null,
        },
      },
      {
        onSuccess: (coupon) => {
          toast.success(t('adminCoupons.created', { code: coupon.code }));
          setFields(EMPTY);
        },
        onError: (failure) =>
          setError(
            failure instanceof ApiError && failure.code === 'conflict'
              ? t('adminCoupons.errors.exists')
              : t('adminCoupons.errors.invalid'),
          ),
      },
    );
  };

  return (
    <form
      className="mb-10 grid max-w-2xl gap-4 rounded-lg border border-border bg-card p-6 sm:grid-cols-2"
      onSubmit={onSubmit}
      aria-labelledby="coupon-form-title"
      noValidate
    >
      <h2 id="coupon-form-title" className="text-lg font-semibold sm:col-span-2">
        {t('adminCoupons.newTitle')}
      </h2>
      <FormField label={t('adminCoupons.code')} autoComplete="off" maxLength={40} required {...field('code')} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('adminCoupons.kind')}</legend>
        {(['percent_off', 'free_access'] as const).map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <input type="radio" name="coupon-kind" checked={kind === option} onChange={() => setKind(option)} />
            {t(`adminCoupons.kinds.${option}`)}
          </label>
        ))}
      </fieldset>
      {kind === 'percent_off' ? (
        <>
          <FormField label={t('adminCoupons.percentOff')} type="number" min={1} max={100} {...field('percentOff')} />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{t('adminCoupons.appliesTo')}</legend>
            {PAID_TIERS.map((tier) => (
              <label key={tier} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={tiers.includes(tier)}
                  onChange={(event) =>
                    setTiers(event.target.checked ? [...tiers, tier] : tiers.filter((one) => one !== tier))
                  }
                />
                {t(`adminCoupons.tiers.${tier}`)}
              </label>
            ))}
          </fieldset>
        </>
      ) : (
        <>
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            {t('adminCoupons.freeTier')}
            <select
              className="h-10 rounded-md border border-border bg-card px-3 font-normal"
              value={freeTier}
              onChange={(event) => setFreeTier(event.target.value as PaidTier)}
            >
              {PAID_TIERS.map((tier) => (
                <option key={tier} value={tier}>
                  {t(`adminCoupons.tiers.${tier}`)}
                </option>
              ))}
            </select>
          </label>
          <FormField label={t('adminCoupons.freeDays')} type="number" min={1} max={3650} {...field('freeDays')} />
        </>
      )}
      <FormField label={t('adminCoupons.maxRedemptions')} type="number" min={1} {...field('maxRedemptions')} />
      <FormField
        label={t('adminCoupons.expiresOn')}
        type="date"
        hint={t('adminCoupons.expiresHint')}
        {...field('expiresOn')}
      />
      {error ? (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="justify-self-start sm:col-span-2" disabled={save.isPending}>
        {t('adminCoupons.create')}
      </Button>
    </form>
  );
}
