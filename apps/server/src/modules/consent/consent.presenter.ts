import { type ConsentRecord, type CurrentConsent, preferencesFromRecords } from '@portal/shared/consent';
import type { ConsentRow } from './consent.repository.ts';

export function presentConsent(row: ConsentRow): ConsentRecord {
  return {
    id: row.id,
    consent_type: row.consentType,
    is_granted: row.isGranted,
    granted_at: row.grantedAt?.toISOString() ?? null,
    withdrawn_at: row.withdrawnAt?.toISOString() ?? null,
    legal_basis: row.legalBasis,
    purpose: row.purpose,
    ip_address: row.ipAddress,
    user_agent: row.userAgent,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentCurrentConsent({
  rows,
  updatedAt,
}: {
  rows: ConsentRow[];
  updatedAt: Date | null;
}): CurrentConsent {
  const consents = rows.map(presentConsent);
  return { consents, preferences: preferencesFromRecords(consents), updated_at: updatedAt?.toISOString() ?? null };
}
