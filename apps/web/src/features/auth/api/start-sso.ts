import type { SsoStartBody, SsoStartResult } from '@portal/shared/sso';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The identity provider's sign-in page for this work address. */
export const startSso = (body: SsoStartBody) => api.post<SsoStartResult>('/api/auth/sso/start', body);

export const useStartSso = () => useMutation({ mutationFn: startSso, retry: false });
