import type { AdminCourseDetail } from '@portal/shared/admin-courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { authoringKeys } from './authoring-keys';

export const getAdminCourseBySlug = (slug: string, signal?: AbortSignal) =>
  api.get<AdminCourseDetail>(`/api/admin/courses/by-slug/${encodeURIComponent(slug)}`, signal);

export const adminCourseBySlugQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: authoringKeys.courseBySlug(slug),
    queryFn: ({ signal }) => getAdminCourseBySlug(slug, signal),
    staleTime: 0,
  });

export const useAdminCourseBySlug = (slug: string) => useQuery(adminCourseBySlugQueryOptions(slug));
