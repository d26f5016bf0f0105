import type { AdminAuditEvent, AuditPerson } from '@portal/shared/admin-overview';
import { isPhoneOnlyEmail } from '@portal/shared/auth';
import { presentAuditEvent } from '../audit/audit.presenter.ts';
import type { AdminAuditRow } from './admin-audit.repository.ts';

/** The address to show; accounts made with a phone number only have a stand-in address that means nothing. */
export const presentEmail = (email: string | null) => (email && !isPhoneOnlyEmail(email) ? email : null);

const person = (id: string | null, name: string | null, email: string | null): AuditPerson | null =>
  id === null ? null : { id, name, email: presentEmail(email) };

export function presentAdminAuditEvent(row: AdminAuditRow): AdminAuditEvent {
  return {
    ...presentAuditEvent(row.event),
    actor: person(row.event.actorId, row.actorName, row.actorEmail),
    target: person(row.event.userId, row.targetName, row.targetEmail),
  };
}
