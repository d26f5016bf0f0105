import {
  type ConsentPreferences,
  type CurrentConsent,
  DEFAULT_CONSENT_PREFERENCES,
  type StoredConsent,
} from '@portal/shared/consent';
import { describe, expect, it } from 'vitest';
import { reconcileConsent } from './reconcile-consent';

const local = (preferences: Partial<ConsentPreferences>, savedAt: string): StoredConsent => ({
  ...DEFAULT_CONSENT_PREFERENCES,
  ...preferences,
  version: 1,
  saved_at: savedAt,
});
const account = (preferences: Partial<ConsentPreferences> | null, updatedAt: string | null): CurrentConsent => ({
  consents: [],
  preferences: preferences ? { ...DEFAULT_CONSENT_PREFERENCES, ...preferences } : null,
  updated_at: updatedAt,
});

describe('keeping the browser and the account in step', () => {
  it('does nothing while signed out or before the account answered', () => {
    expect(reconcileConsent({ local: null, server: undefined })).toEqual({ action: 'none' });
    expect(reconcileConsent({ local: local({ analytics: true }, '2030-01-01T00:00:00Z'), server: undefined })).toEqual({
      action: 'none',
    });
  });

  it('does nothing when neither holds a choice, so the banner asks', () => {
    expect(reconcileConsent({ local: null, server: account(null, null) })).toEqual({ action: 'none' });
  });

  it('uploads a browser choice the account does not have yet', () => {
    expect(
      reconcileConsent({ local: local({ marketing: true }, '2030-01-01T00:00:00Z'), server: account(null, null) }),
    ).toEqual({ action: 'upload', preferences: { ...DEFAULT_CONSENT_PREFERENCES, marketing: true } });
  });

  it("adopts the account's choice in a browser without one", () => {
    expect(reconcileConsent({ local: null, server: account({ analytics: true }, '2030-01-02T00:00:00.000Z') })).toEqual(
      {
        action: 'adopt',
        preferences: { ...DEFAULT_CONSENT_PREFERENCES, analytics: true },
        savedAt: new Date('2030-01-02T00:00:00.000Z'),
      },
    );
  });

  it('does nothing when both hold the same choice', () => {
    expect(
      reconcileConsent({
        local: local({ analytics: true }, '2020-01-01T00:00:00Z'),
        server: account({ analytics: true }, '2030-01-01T00:00:00Z'),
      }),
    ).toEqual({ action: 'none' });
  });

  it('lets the newer choice win when they differ', () => {
    const older = '2030-01-01T00:00:00.000Z';
    const newer = '2030-06-01T00:00:00.000Z';
    expect(
      reconcileConsent({ local: local({ analytics: true }, newer), server: account({ analytics: false }, older) }),
    ).toMatchObject({ action: 'upload', preferences: { analytics: true } });
    expect(
      reconcileConsent({ local: local({ analytics: true }, older), server: account({ analytics: false }, newer) }),
    ).toMatchObject({ action: 'adopt', preferences: { analytics: false } });
  });
});
