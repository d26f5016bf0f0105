import type { CourseLearningState } from '@portal/shared/progress';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { courseKeys } from './course-keys';

export const getCourseLearningState = (courseId: string, signal?: AbortSignal) =>
  api.get<CourseLearningState>(`/api/learning-state/courses/${encodeURIComponent(courseId)}`, signal);

export const courseLearningStateQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: courseKeys.courseLearningState(courseId),
    queryFn: ({ signal }) => getCourseLearningState(courseId, signal),
    staleTime: 0,
  });

export const useCourseLearningState = (courseId: string) => useQuery(courseLearningStateQueryOptions(courseId));
