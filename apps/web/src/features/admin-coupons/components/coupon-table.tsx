import type { Coupon } from '@portal/shared/coupons';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatInstant } from '@/lib/intl-formats';
import { useSaveCoupon } from '../api/save-coupon';

/** Every coupon with what it gives, how often it was used and whether it still works. */
export function CouponTable({ coupons }: { coupons: Coupon[] }) {
  const { t, i18n } = useTranslation('dashboard');
  const save = useSaveCoupon();
  const date = (iso: string) => formatInstant(iso, i18n.language, { dateStyle: 'medium' });
  const stateOf = (coupon: Coupon) =>
    coupon.disabled_at
      ? 'disabled'
      : coupon.expires_at && new Date(coupon.expires_at) <= new Date()
        ? 'expired'
        : coupon.redemption_count >= coupon.max_redemptions
          ? 'exhausted'
          : 'active';
  if (coupons.length === 0) return <p className="text-muted-foreground">{t('adminCoupons.empty')}</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('adminCoupons.listTitle')}</caption>
        <thead className="bg-muted/50 text-muted-foreground">
          <tr>
            {(['code', 'gives', 'used', 'expires', 'state'] as const).map((column) => (
              <th key={column} scope="col" className="px-4 py-2 font-medium">
                {t(`adminCoupons.columns.${column}`)}
              </th>
            ))}
            <th scope="col" className="px-4 py-2">
              <span className="sr-only">{t('adminCoupons.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {coupons.map((coupon) => (
            <tr key={coupon.id} className="border-t border-border">
              <td className="px-4 py-2 font-mono">{coupon.code}</td>
              <td className="px-4 py-2">
                {coupon.kind === 'percent_off'
                  ? t('adminCoupons.givesPercent', {
                      percent: coupon.percent_off,
                      tiers: coupon.applies_to.map((tier) => t(`adminCoupons.tiers.${tier}`)).join(', '),
                    })
                  : t('adminCoupons.givesFree', {
                      tier: t(`adminCoupons.tiers.${coupon.free_tier ?? 'me'}`),
                      count: coupon.free_days ?? 0,
                    })}
              </td>
              <td className="px-4 py-2">
                {coupon.redemption_count} / {coupon.max_redemptions}
              </td>
              <td className="px-4 py-2">{coupon.expires_at ? date(coupon.expires_at) : t('adminCoupons.never')}</td>
              <td className="px-4 py-2">
                <Badge>{t(`adminCoupons.states.${stateOf(coupon)}`)}</Badge>
              </td>
              <td className="px-4 py-2 text-right">
                {coupon.disabled_at ? null : (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={save.isPending}
                    aria-label={t('adminCoupons.disableCode', { code: coupon.code })}
                    onClick={() =>
                      save.mutate(
                        { kind: 'disable', couponId: coupon.id },
                        { onSuccess: () => toast.success(t('adminCoupons.disabled', { code: coupon.code })) },
                      )
                    }
                  >
                    {t('adminCoupons.disable')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
