import type { Library } from '@portal/shared/course-catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { courseKeys } from './course-keys';

export const getLibrary = (signal?: AbortSignal) => api.get<Library>('/api/courses/library', signal);

export const libraryQueryOptions = () =>
  queryOptions({ queryKey: courseKeys.library(), queryFn: ({ signal }) => getLibrary(signal) });

export const useLibrary = () => useQuery(libraryQueryOptions());
