import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const changePassword = (body: { currentPassword: string; newPassword: string; revokeOtherSessions?: boolean }) =>
  api.post<{ ok: true }>('/api/account/change-password', body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword, retry: false });
