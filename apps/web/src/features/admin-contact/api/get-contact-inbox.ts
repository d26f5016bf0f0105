import type { ContactInbox, ContactStatus } from '@portal/shared/contact';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Every cached answer about the contact inbox starts with this key. */
export const contactInboxKey = ['admin', 'contact'] as const;

export const getContactInbox = (status: ContactStatus, cursor: string | null, signal?: AbortSignal) => {
  const query = new URLSearchParams({ status, ...(cursor ? { cursor } : {}) });
  return api.get<ContactInbox>(`/api/admin/contact?${query}`, signal);
};

export const contactInboxQueryOptions = (status: ContactStatus) =>
  infiniteQueryOptions({
    queryKey: [...contactInboxKey, 'list', status],
    queryFn: ({ pageParam, signal }) => getContactInbox(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });

export const useContactInbox = (status: ContactStatus) => useInfiniteQuery(contactInboxQueryOptions(status));
