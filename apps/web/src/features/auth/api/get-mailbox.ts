import type { MailboxMessage } from '@portal/shared/mail';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const getMailbox = (signal?: AbortSignal) =>
  api.get<{ messages: MailboxMessage[] }>('/api/dev/mailbox', signal).then((data) => data.messages);

export const mailboxQueryOptions = () =>
  queryOptions({ queryKey: ['dev-mailbox'], queryFn: ({ signal }) => getMailbox(signal), staleTime: 0 });

export const useMailbox = () => useQuery({ ...mailboxQueryOptions(), refetchInterval: 5000, retry: false });
