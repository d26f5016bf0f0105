import type { CourseOutline } from '@portal/shared/progress';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { courseKeys } from './course-keys';

export const getCourseOutline = (courseId: string, signal?: AbortSignal) =>
  api.get<CourseOutline>(`/api/courses/${encodeURIComponent(courseId)}/outline`, signal);

export const courseOutlineQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: courseKeys.outline(courseId),
    queryFn: ({ signal }) => getCourseOutline(courseId, signal),
    staleTime: 0,
  });

export const useCourseOutline = (courseId: string) => useQuery(courseOutlineQueryOptions(courseId));
