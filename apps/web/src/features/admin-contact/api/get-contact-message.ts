import type { ContactMessage } from '@portal/shared/contact';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { contactInboxKey } from './get-contact-inbox';

export const contactMessageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...contactInboxKey, 'message', id],
    queryFn: ({ signal }) => api.get<ContactMessage>(`/api/admin/contact/${encodeURIComponent(id)}`, signal),
  });

export const useContactMessage = (id: string) => useQuery(contactMessageQueryOptions(id));
