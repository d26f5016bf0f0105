import type { ScormPackageDetail } from '@portal/shared/scorm';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { scormKeys } from './scorm-keys';

export const getScormPackage = (packageId: string, signal?: AbortSignal) =>
  api.get<ScormPackageDetail>(`/api/scorm/packages/${packageId}`, signal);

export const scormPackageQueryOptions = (packageId: string) =>
  queryOptions({ queryKey: scormKeys.package(packageId), queryFn: ({ signal }) => getScormPackage(packageId, signal) });

export const useScormPackage = (packageId: string) => useQuery(scormPackageQueryOptions(packageId));
