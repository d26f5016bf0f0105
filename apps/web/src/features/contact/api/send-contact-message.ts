import type { SendContactMessageBody } from '@portal/shared/contact';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const sendContactMessage = (body: SendContactMessageBody) =>
  api.post<{ status: 'received' }>('/api/contact', body);

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage, retry: false });
