import type { AdminAuditPage } from '@portal/shared/admin-overview';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type AuditFilters = { actor: string; target: string; action: string; from: string; to: string };

export const EMPTY_AUDIT_FILTERS: AuditFilters = { actor: '', target: '', action: '', from: '', to: '' };

const PAGE_SIZE = 50;

export const auditEventsQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'audit', filters],
    queryFn: ({ signal, pageParam }) => {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
      for (const [name, value] of Object.entries(filters)) if (value.trim()) query.set(name, value.trim());
      if (pageParam) query.set('cursor', pageParam);
      return api.get<AdminAuditPage>(`/api/admin/audit?${query}`, signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const useAuditEvents = (filters: AuditFilters) => useInfiniteQuery(auditEventsQueryOptions(filters));
