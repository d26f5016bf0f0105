import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const resetPassword = (body: { token: string; newPassword: string }) =>
  api.post<{ ok: true }>('/api/account/reset-password', body);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword, retry: false });
