import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const cancelSandboxCheckout = (sessionId: string) =>
  api.post<{ cancel_path: string }>(`/api/billing/sandbox/${encodeURIComponent(sessionId)}/cancel`, {});

export const useCancelSandboxCheckout = () => useMutation({ mutationFn: cancelSandboxCheckout });
