import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The spec's customer-portal: answers the provider page where the card is changed. */
export const openCustomerPortal = () => api.post<{ url: string }>('/api/billing/portal');

export const useOpenCustomerPortal = () => useMutation({ mutationFn: openCustomerPortal });
