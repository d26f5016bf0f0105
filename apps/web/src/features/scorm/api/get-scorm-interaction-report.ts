import type { ScormInteractionReportList } from '@portal/shared/scorm-analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { scormKeys } from './scorm-keys';

export const getScormInteractionReport = (packageId: string, signal?: AbortSignal) =>
  api
    .get<ScormInteractionReportList>(`/api/scorm/packages/${packageId}/analytics/interactions`, signal)
    .then((data) => data.interactions);

/** The same report as a CSV file, for a download link (the session cookie goes along). */
export const scormInteractionCsvUrl = (packageId: string) =>
  `/api/scorm/packages/${packageId}/analytics/interactions.csv`;

export const scormInteractionReportQueryOptions = (packageId: string) =>
  queryOptions({
    queryKey: scormKeys.interactionReport(packageId),
    queryFn: ({ signal }) => getScormInteractionReport(packageId, signal),
  });

export const useScormInteractionReport = (packageId: string) => useQuery(scormInteractionReportQueryOptions(packageId));
