import type { StudyOverview } from '@portal/shared/study';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The overview with how far this device's clock is behind the server's, to derive the timer from server time. */
export type StudyOverviewWithClock = StudyOverview & { clockOffsetMs: number };

export const getStudyOverview = async (signal?: AbortSignal): Promise<StudyOverviewWithClock> => {
  const overview = await api.get<StudyOverview>('/api/study/sessions', signal);
  return { ...overview, clockOffsetMs: Date.parse(overview.server_now) - Date.now() };
};

export const studyOverviewQueryOptions = () =>
  queryOptions({
    queryKey: ['study'],
    queryFn: ({ signal }) => getStudyOverview(signal),
    // The open session may have been changed in another tab or ended by itself: always ask again on return.
    staleTime: 0,
  });

export const useStudyOverview = () => useQuery(studyOverviewQueryOptions());
