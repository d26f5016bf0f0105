import type { AdminCourseList } from '@portal/shared/admin-courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { authoringKeys } from './authoring-keys';

export const getAdminCourses = (signal?: AbortSignal) => api.get<AdminCourseList>('/api/admin/courses', signal);

export const adminCoursesQueryOptions = () =>
  queryOptions({ queryKey: authoringKeys.courses(), queryFn: ({ signal }) => getAdminCourses(signal), staleTime: 0 });

export const useAdminCourses = () => useQuery(adminCoursesQueryOptions());
