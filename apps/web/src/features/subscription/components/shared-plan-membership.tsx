import type { SharedPlan } from '@portal/shared/seats';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useManageSeats } from '../api/manage-seats';

/** A member's view of the shared plan they are on, or the notice that the owner's plan ended. */
export function SharedPlanMembership({ membership }: { membership: NonNullable<SharedPlan['membership']> }) {
  const { t } = useTranslation('plans');
  const seats = useManageSeats();
  const leave = () => seats.mutate({ kind: 'leave' }, { onSuccess: () => toast.success(t('seats.leftToast')) });
  return (
    <Alert variant={membership.active ? 'info' : 'warning'} className="mb-8 flex flex-wrap items-center gap-3">
      <p className="flex-1">
        {membership.active
          ? t('seats.memberOf', { owner: membership.owner_name })
          : t('seats.ended', { owner: membership.owner_name })}
      </p>
      <Button size="sm" variant="outline" onClick={leave} disabled={seats.isPending}>
        {membership.active ? t('seats.leave') : t('seats.dismiss')}
      </Button>
    </Alert>
  );
}
