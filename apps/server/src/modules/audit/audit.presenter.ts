import type { AuditEvent } from '@portal/shared/audit';
import type { AuditEventRow } from './audit.repository.ts';

export function presentAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    action: row.action,
    table_name: row.tableName,
    record_id: row.recordId,
    old_values: row.oldValues,
    new_values: row.newValues,
    legal_basis: row.legalBasis,
    purpose: row.purpose,
    ip_address: row.ipAddress,
    created_at: row.createdAt.toISOString(),
  };
}
