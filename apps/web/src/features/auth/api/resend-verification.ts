import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const resendVerification = (body: { email?: string; phoneNumber?: string }) =>
  api.post<{ ok: true }>('/api/account/resend-verification', body);

export const useResendVerification = () => useMutation({ mutationFn: resendVerification, retry: false });
