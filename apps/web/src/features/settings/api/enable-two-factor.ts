import type { TwoFactorEnrolment } from '@portal/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Starts enrolment; two-factor is on only once a code is confirmed. */
export const enableTwoFactor = (body: { password: string }) =>
  api.post<TwoFactorEnrolment>('/api/account/two-factor/enable', body);

export const useEnableTwoFactor = () => useMutation({ mutationFn: enableTwoFactor, retry: false });
