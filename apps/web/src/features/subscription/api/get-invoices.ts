import type { Invoice } from '@portal/shared/subscription-management';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const invoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['subscription', 'invoices'],
    queryFn: ({ signal }) => api.get<{ invoices: Invoice[] }>('/api/billing/invoices', signal),
  });

export const invoiceQueryOptions = (invoiceId: string) =>
  queryOptions({
    queryKey: ['subscription', 'invoices', invoiceId],
    queryFn: ({ signal }) => api.get<Invoice>(`/api/billing/invoices/${encodeURIComponent(invoiceId)}`, signal),
    retry: false,
  });

export const useInvoices = () => useQuery(invoicesQueryOptions());
export const useInvoice = (invoiceId: string) => useQuery(invoiceQueryOptions(invoiceId));
