import type { ListScormPackagesQuery, ScormPackage } from '@portal/shared/scorm';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { scormKeys } from './scorm-keys';

export const getScormPackages = (query: ListScormPackagesQuery, signal?: AbortSignal) => {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.status) params.set('status', query.status);
  const suffix = params.size > 0 ? `?${params}` : '';
  return api.get<{ packages: ScormPackage[] }>(`/api/scorm/packages${suffix}`, signal).then((data) => data.packages);
};

export const scormPackagesQueryOptions = (query: ListScormPackagesQuery) =>
  queryOptions({
    queryKey: scormKeys.packages(query),
    queryFn: ({ signal }) => getScormPackages(query, signal),
    // Packages still being processed change on their own; look again shortly.
    refetchInterval: (result) =>
      result.state.data?.some((pkg) => pkg.status === 'uploading' || pkg.status === 'processing') ? 5000 : false,
  });

export const useScormPackages = (query: ListScormPackagesQuery) => useQuery(scormPackagesQueryOptions(query));
