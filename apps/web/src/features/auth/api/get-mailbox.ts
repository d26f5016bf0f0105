import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type MailboxMessage = {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  text: string;
  createdAt: string;
  sentAt: string | null;
};

export const getMailbox = (signal?: AbortSignal) =>
  api.get<{ messages: MailboxMessage[] }>('/api/dev/mailbox', signal).then((data) => data.messages);

export const mailboxQueryOptions = () =>
  queryOptions({ queryKey: ['dev-mailbox'], queryFn: ({ signal }) => getMailbox(signal), staleTime: 0 });

export const useMailbox = () => useQuery({ ...mailboxQueryOptions(), refetchInterval: 5000, retry: false });
