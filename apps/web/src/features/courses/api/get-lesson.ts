import type { LessonView } from '@portal/shared/progress';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { courseKeys } from './course-keys';

/** Opening a lesson starts the server's clock for it (the 5-second rule for text). */
export const getLesson = (lessonId: string, signal?: AbortSignal) =>
  api.get<LessonView>(`/api/lessons/${encodeURIComponent(lessonId)}`, signal);

export const lessonQueryOptions = (lessonId: string) =>
  queryOptions({
    queryKey: courseKeys.lesson(lessonId),
    queryFn: ({ signal }) => getLesson(lessonId, signal),
    staleTime: 0,
  });

export const useLesson = (lessonId: string) => useQuery(lessonQueryOptions(lessonId));
