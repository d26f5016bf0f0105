import type { ContactMessage, UpdateContactBody } from '@portal/shared/contact';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { contactInboxKey } from './get-contact-inbox';
import { contactMessageQueryOptions } from './get-contact-message';

export type ContactChange = { id: string } & (
  | { kind: 'reply'; message: string }
  | { kind: 'status'; change: UpdateContactBody }
);

/** A reply (mailed to the sender) or a close / reopen. */
export const updateContactMessage = (change: ContactChange) => {
  const path = `/api/admin/contact/${encodeURIComponent(change.id)}`;
  return change.kind === 'reply'
    ? api.post<ContactMessage>(`${path}/reply`, { message: change.message })
    : api.patch<ContactMessage>(path, change.change);
};

export const useUpdateContactMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContactMessage,
    retry: false,
    onSuccess: (message) => {
      queryClient.setQueryData(contactMessageQueryOptions(message.id).queryKey, message);
      return queryClient.invalidateQueries({ queryKey: contactInboxKey });
    },
  });
};
