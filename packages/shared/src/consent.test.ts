import { describe, expect, it } from 'vitest';
import {
  CONSENT_LEGAL_BASIS,
  CONSENT_RETENTION,
  DEFAULT_CONSENT_PREFERENCES,
  preferencesFromRecords,
  saveConsentBodySchema,
  storedConsentSchema,
  withdrawConsentBodySchema,
} from './consent.ts';

describe('cookie consent rules', () => {
  it('keeps each category for the time the spec shows', () => {
    expect(CONSENT_RETENTION).toEqual({
      essential: { kind: 'session' },
      analytics: { kind: 'months', months: 26 },
      functional: { kind: 'months', months: 12 },
      marketing: { kind: 'months', months: 24 },
    });
  });

  it('starts with only essential on', () => {
    expect(DEFAULT_CONSENT_PREFERENCES).toEqual({
      essential: true,
      analytics: false,
      marketing: false,
      functional: false,
    });
  });

  it('asks consent for every optional category and none for essential', () => {
    expect(CONSENT_LEGAL_BASIS).toEqual({
      essential: 'contract',
      analytics: 'consent',
      marketing: 'consent',
      functional: 'consent',
    });
  });

  it('refuses essential switched off, a missing category and unknown fields', () => {
    const choice = { analytics: true, marketing: false, functional: false };
    expect(saveConsentBodySchema.safeParse(choice).success).toBe(true);
    expect(saveConsentBodySchema.safeParse({ ...choice, essential: true }).success).toBe(true);
    expect(saveConsentBodySchema.safeParse({ ...choice, essential: false }).success).toBe(false);
    expect(saveConsentBodySchema.safeParse({ analytics: true, marketing: false }).success).toBe(false);
    expect(saveConsentBodySchema.safeParse({ ...choice, ip_address: '1.2.3.4' }).success).toBe(false);
  });

  it('refuses to withdraw essential', () => {
    expect(withdrawConsentBodySchema.safeParse({ consent_type: 'analytics' }).success).toBe(true);
    expect(withdrawConsentBodySchema.safeParse({ consent_type: 'essential' }).success).toBe(false);
  });

  it('adds current rows up to preferences, counting a type without a current row as refused', () => {
    expect(preferencesFromRecords([])).toBeNull();
    expect(
      preferencesFromRecords([
        { consent_type: 'essential', is_granted: true, withdrawn_at: null },
        { consent_type: 'analytics', is_granted: true, withdrawn_at: null },
        { consent_type: 'marketing', is_granted: true, withdrawn_at: '2030-01-01T00:00:00.000Z' },
      ]),
    ).toEqual({ essential: true, analytics: true, marketing: false, functional: false });
  });

  it('reads only a well-formed stored marker', () => {
    const stored = { ...DEFAULT_CONSENT_PREFERENCES, version: 1, saved_at: '2030-01-01T00:00:00.000Z' };
    expect(storedConsentSchema.safeParse(stored).success).toBe(true);
    expect(storedConsentSchema.safeParse({ ...stored, essential: false }).success).toBe(false);
    expect(storedConsentSchema.safeParse({ ...stored, analytics: 'true' }).success).toBe(false);
  });
});
