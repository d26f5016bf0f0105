import type { ScormObjectiveReportList } from '@portal/shared/scorm-analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { scormKeys } from './scorm-keys';

export const getScormObjectiveReport = (packageId: string, signal?: AbortSignal) =>
  api
    .get<ScormObjectiveReportList>(`/api/scorm/packages/${packageId}/analytics/objectives`, signal)
    .then((data) => data.objectives);

/** The same report as a CSV file, for a download link (the session cookie goes along). */
export const scormObjectiveCsvUrl = (packageId: string) => `/api/scorm/packages/${packageId}/analytics/objectives.csv`;

export const scormObjectiveReportQueryOptions = (packageId: string) =>
  queryOptions({
    queryKey: scormKeys.objectiveReport(packageId),
    queryFn: ({ signal }) => getScormObjectiveReport(packageId, signal),
  });

export const useScormObjectiveReport = (packageId: string) => useQuery(scormObjectiveReportQueryOptions(packageId));
