import type { CourseOption } from '@portal/shared/flashcards-sources';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { FLASHCARDS_KEY } from './keys';

export const getCourseOptions = (signal?: AbortSignal) =>
  api.get<{ courses: CourseOption[] }>('/api/flashcards/course-options', signal).then((data) => data.courses);

export const courseOptionsQueryOptions = () =>
  queryOptions({ queryKey: [...FLASHCARDS_KEY, 'course-options'], queryFn: ({ signal }) => getCourseOptions(signal) });

/** Courses an author may attach a deck to; asked only for authors. */
export const useCourseOptions = (enabled: boolean) => useQuery({ ...courseOptionsQueryOptions(), enabled });
