import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const requestPasswordReset = (body: { email: string }) =>
  api.post<{ ok: true }>('/api/account/request-password-reset', body);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset, retry: false });
