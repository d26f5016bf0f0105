import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useCoupons } from '../api/get-coupons';
import { CouponForm } from '../components/coupon-form';
import { CouponTable } from '../components/coupon-table';

/** Admins make coupons for checkout discounts or free access, and disable them. */
export function AdminCoupons() {
  const { t } = useTranslation('dashboard');
  const coupons = useCoupons();
  return (
    <div>
      <PageHeader title={t('adminCoupons.title')} description={t('adminCoupons.description')} />
      <CouponForm />
      <h2 className="mb-3 text-lg font-semibold">{t('adminCoupons.listTitle')}</h2>
      {coupons.isPending ? (
        <Spinner label={t('adminCoupons.loading')} />
      ) : (
        <CouponTable coupons={coupons.data?.coupons ?? []} />
      )}
    </div>
  );
}
