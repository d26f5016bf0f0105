import type { CourseOutline } from '@portal/shared/progress';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { courseKeys } from './course-keys';

export const getCourseOutlineBySlug = (slug: string, signal?: AbortSignal) =>
  api.get<CourseOutline>(`/api/courses/by-slug/${encodeURIComponent(slug)}/outline`, signal);

export const courseOutlineBySlugQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: courseKeys.outlineBySlug(slug),
    queryFn: ({ signal }) => getCourseOutlineBySlug(slug, signal),
    staleTime: 0,
  });

export const useCourseOutlineBySlug = (slug: string) => useQuery(courseOutlineBySlugQueryOptions(slug));
