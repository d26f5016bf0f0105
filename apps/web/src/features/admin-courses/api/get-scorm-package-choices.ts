import type { ScormPackage } from '@portal/shared/scorm';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { authoringKeys } from './authoring-keys';

/** Every SCORM package an admin may embed in a lesson, whatever its status; the picker offers the ready ones. */
export const getScormPackageChoices = (signal?: AbortSignal) =>
  api.get<{ packages: ScormPackage[] }>('/api/scorm/packages', signal).then((data) => data.packages);

export const scormPackageChoicesQueryOptions = () =>
  queryOptions({
    queryKey: authoringKeys.scormPackages(),
    queryFn: ({ signal }) => getScormPackageChoices(signal),
    // A package uploaded in another tab should be offered when the author comes back.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export const useScormPackageChoices = () => useQuery(scormPackageChoicesQueryOptions());
