import type { CreateAdminUserBody } from '@portal/shared/admin-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { adminUsersKey } from './get-admin-users';

export const createAdminUser = (body: CreateAdminUserBody) => api.post<{ id: string }>('/api/admin/users', body);

export const useCreateAdminUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
};
