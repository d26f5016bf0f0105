import type { SignUpBody } from '@portal/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const signUp = (body: SignUpBody) => api.post<{ verification: 'email' | 'sms' }>('/api/account/sign-up', body);

export const useSignUp = () => useMutation({ mutationFn: signUp, retry: false });
