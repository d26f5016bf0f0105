import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adoptNewSession } from '@/lib/auth';

export const verifyPhone = (body: { phoneNumber: string; code: string }) =>
  api.post<{ ok: true }>('/api/account/verify-phone', body);

export const useVerifyPhone = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhone,
    retry: false,
    onSuccess: async () => {
      await adoptNewSession(queryClient);
    },
  });
};
