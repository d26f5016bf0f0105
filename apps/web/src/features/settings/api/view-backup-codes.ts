import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The unused backup codes; a mutation because it sends the password and must never be cached. */
export const viewBackupCodes = (body: { password: string }) =>
  api.post<{ backupCodes: string[] }>('/api/account/two-factor/backup-codes/view', body);

export const useViewBackupCodes = () => useMutation({ mutationFn: viewBackupCodes, retry: false });
