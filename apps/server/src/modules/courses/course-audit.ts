import { type AuditService, type ContentChange, contentChanges } from '../audit/audit.service.ts';

type AuthoringAction =
  | `course.${'created' | 'updated' | 'published' | 'unpublished' | 'archived'}`
  | 'module.deleted'
  | 'lesson.deleted';

/** One authoring change for the audit trail: who changed which course, module or lesson, and to what. */
export type AuthoringChange = ContentChange<AuthoringAction>;

export type AuthoringAudit = (change: AuthoringChange) => Promise<void>;

/** Authoring changes written to the audit trail. */
export const authoringAudit = (auditService: Pick<AuditService, 'recordAuditEvent'>): AuthoringAudit =>
  contentChanges<AuthoringAction>(auditService, 'Course authoring');
