import type { Catalogue, CatalogueQuery } from '@portal/shared/course-catalogue';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { courseKeys } from './course-keys';

export const getCatalogue = (query: CatalogueQuery, signal?: AbortSignal) => {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.tier) params.set('tier', query.tier);
  if (query.access && query.access !== 'all') params.set('access', query.access);
  const search = params.toString();
  return api.get<Catalogue>(`/api/courses${search ? `?${search}` : ''}`, signal);
};

export const catalogueQueryOptions = (query: CatalogueQuery) =>
  queryOptions({
    queryKey: courseKeys.catalogue(query),
    queryFn: ({ signal }) => getCatalogue(query, signal),
    placeholderData: keepPreviousData,
  });

export const useCatalogue = (query: CatalogueQuery) => useQuery(catalogueQueryOptions(query));
