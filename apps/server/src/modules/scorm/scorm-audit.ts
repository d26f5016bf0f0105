import type { ScormPackageMetadata } from '@portal/shared/scorm';
import { type AuditService, type ContentChange, contentChanges } from '../audit/audit.service.ts';

type ScormAction = `scorm_package.${'uploaded' | 'updated' | 'deleted'}` | `scorm_enrollment.${'created' | 'deleted'}`;

/** One change to a package or its enrolments for the audit trail. */
export type ScormChange = ContentChange<ScormAction>;

export type ScormAudit = (change: ScormChange) => Promise<void>;

/** Staff's changes to SCORM packages and who is enrolled in them, written to the audit trail. */
export const scormAudit = (auditService: Pick<AuditService, 'recordAuditEvent'>): ScormAudit =>
  contentChanges<ScormAction>(auditService, 'SCORM package management');

/** What an upload's entry records: the package's title, the ZIP's file name and its size in bytes. */
export const uploadedValues = (pkg: { title: string; metadata: ScormPackageMetadata }, fileName?: string) => ({
  title: pkg.title,
  file_name: fileName ?? null,
  size_bytes: pkg.metadata.fileSize ?? null,
});
