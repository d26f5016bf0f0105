import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { twoFactorStatusQueryOptions } from './get-two-factor-status';

/** New backup codes; the old ones stop working. */
export const regenerateBackupCodes = (body: { password: string }) =>
  api.post<{ backupCodes: string[] }>('/api/account/two-factor/backup-codes', body);

export const useRegenerateBackupCodes = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateBackupCodes,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryOptions().queryKey }),
  });
};
