import type { SharedPlan } from '@portal/shared/seats';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useRefreshSubscription } from './get-subscription-details';

export type SeatAction =
  | { kind: 'invite'; email: string }
  | { kind: 'resend'; seatId: string }
  | { kind: 'release'; seatId: string }
  | { kind: 'leave' };

/** Every change to the seats of a shared plan answers the plan as it is now. */
export const manageSeats = (action: SeatAction) => {
  switch (action.kind) {
    case 'invite':
      return api.post<SharedPlan>('/api/shared-plan/invites', { email: action.email });
    case 'resend':
      return api.post<SharedPlan>(`/api/shared-plan/seats/${encodeURIComponent(action.seatId)}/resend`);
    case 'release':
      return api.delete<SharedPlan>(`/api/shared-plan/seats/${encodeURIComponent(action.seatId)}`);
    default:
      return api.post<SharedPlan>('/api/shared-plan/leave');
  }
};

export const useManageSeats = () => {
  const refresh = useRefreshSubscription();
  return useMutation({ mutationFn: manageSeats, onSuccess: refresh });
};
