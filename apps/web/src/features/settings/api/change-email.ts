import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const changeEmail = (body: { newEmail: string }) => api.post<{ ok: true }>('/api/account/change-email', body);

export const useChangeEmail = () => useMutation({ mutationFn: changeEmail, retry: false });
