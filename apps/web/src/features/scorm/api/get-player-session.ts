import type { ScormPlayerSession } from '@portal/shared/scorm';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { scormKeys } from './scorm-keys';

export type PlayerTarget = { mode: 'preview'; packageId: string } | { mode: 'launch'; enrollmentId: string };

export const getPlayerSession = (target: PlayerTarget, signal?: AbortSignal) =>
  api.get<ScormPlayerSession>(
    target.mode === 'preview' ? `/api/scorm/preview/${target.packageId}` : `/api/scorm/launch/${target.enrollmentId}`,
    signal,
  );

export const playerSessionQueryOptions = (target: PlayerTarget) =>
  queryOptions({
    queryKey:
      target.mode === 'preview'
        ? scormKeys.previewSession(target.packageId)
        : scormKeys.launchSession(target.enrollmentId),
    queryFn: ({ signal }) => getPlayerSession(target, signal),
    // A content token is minted per session answer; keep one for the whole visit.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const usePlayerSession = (target: PlayerTarget) => useQuery(playerSessionQueryOptions(target));
