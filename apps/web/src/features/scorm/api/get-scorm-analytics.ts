import type { ScormAnalytics } from '@portal/shared/scorm';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { scormKeys } from './scorm-keys';

export const getScormAnalytics = (packageId: string, signal?: AbortSignal) =>
  api.get<ScormAnalytics>(`/api/scorm/packages/${packageId}/analytics`, signal);

export const scormAnalyticsQueryOptions = (packageId: string) =>
  queryOptions({
    queryKey: scormKeys.analytics(packageId),
    queryFn: ({ signal }) => getScormAnalytics(packageId, signal),
  });

export const useScormAnalytics = (packageId: string) => useQuery(scormAnalyticsQueryOptions(packageId));
