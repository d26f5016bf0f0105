import type { AdminCourseDetail } from '@portal/shared/admin-courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { authoringKeys } from './authoring-keys';

export const getAdminCourse = (courseId: string, signal?: AbortSignal) =>
  api.get<AdminCourseDetail>(`/api/admin/courses/${encodeURIComponent(courseId)}`, signal);

export const adminCourseQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: authoringKeys.course(courseId),
    queryFn: ({ signal }) => getAdminCourse(courseId, signal),
    staleTime: 0,
  });

export const useAdminCourse = (courseId: string | null) =>
  useQuery({ ...adminCourseQueryOptions(courseId ?? ''), enabled: Boolean(courseId) });
