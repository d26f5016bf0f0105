import type { ScormPackage } from '@portal/shared/scorm';
import { api } from '@/lib/api';

/** Extracts and parses an uploaded package; the answer is `ready`, or `failed` with its reason. */
export const processScormPackage = (packageId: string) =>
  api.post<{ package: ScormPackage }>(`/api/scorm/packages/${packageId}/process`).then((data) => data.package);
