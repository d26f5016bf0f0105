import { type AccountExport, accountExportFileName } from '@portal/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const exportAccountData = () => api.get<AccountExport>('/api/account/export');

function saveAsFile(data: AccountExport) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = accountExportFileName(new Date(data.exported_at));
  link.click();
  // Revoked on the next tick so the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Fetches everything held on the user and saves it as learning-portal-export-YYYY-MM-DD.json. */
export const useExportAccountData = () =>
  useMutation({
    mutationFn: async () => saveAsFile(await exportAccountData()),
    retry: false,
  });
