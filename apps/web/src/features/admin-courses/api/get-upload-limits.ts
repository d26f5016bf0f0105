import type { CourseUploadLimits } from '@portal/shared/course-authoring';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { authoringKeys } from './authoring-keys';

export const getUploadLimits = (signal?: AbortSignal) =>
  api.get<CourseUploadLimits>('/api/admin/course-upload-limits', signal);

export const uploadLimitsQueryOptions = () =>
  queryOptions({ queryKey: authoringKeys.uploadLimits(), queryFn: ({ signal }) => getUploadLimits(signal) });

export const useUploadLimits = () => useQuery(uploadLimitsQueryOptions());
