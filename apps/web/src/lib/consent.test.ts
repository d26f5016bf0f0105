import { CONSENT_STORAGE_KEY, DEFAULT_CONSENT_PREFERENCES } from '@portal/shared/consent';
import { afterEach, describe, expect, it } from 'vitest';
import { hasConsent, readStoredConsent, subscribeToConsent, writeStoredConsent } from './consent';

afterEach(() => {
  localStorage.clear();
});

describe('hasConsent', () => {
  it('allows only essential cookies before anyone chose', () => {
    expect(hasConsent('essential')).toBe(true);
    expect(hasConsent('analytics')).toBe(false);
    expect(hasConsent('marketing')).toBe(false);
    expect(hasConsent('functional')).toBe(false);
  });

  it('follows the stored choice, category by category', () => {
    writeStoredConsent({ ...DEFAULT_CONSENT_PREFERENCES, analytics: true, functional: true });

    expect(hasConsent('analytics')).toBe(true);
    expect(hasConsent('marketing')).toBe(false);
    expect(hasConsent('functional')).toBe(true);
  });

  it('takes back consent as soon as a later choice refuses it', () => {
    writeStoredConsent({ ...DEFAULT_CONSENT_PREFERENCES, marketing: true });
    writeStoredConsent(DEFAULT_CONSENT_PREFERENCES);

    expect(hasConsent('marketing')).toBe(false);
  });

  it.each([
    ['not JSON', '{oops'],
    [
      'analytics as text',
      JSON.stringify({
        version: 1,
        essential: true,
        analytics: 'true',
        marketing: false,
        functional: false,
        saved_at: 'x',
      }),
    ],
    [
      'essential switched off',
      JSON.stringify({
        version: 1,
        essential: false,
        analytics: true,
        marketing: true,
        functional: true,
        saved_at: 'x',
      }),
    ],
    ['an old format', JSON.stringify({ accepted: true })],
  ])('treats a stored value that is %s as no choice', (_label, raw) => {
    localStorage.setItem(CONSENT_STORAGE_KEY, raw);

    expect(readStoredConsent()).toBeNull();
    expect(hasConsent('analytics')).toBe(false);
    expect(hasConsent('essential')).toBe(true);
  });
});

describe('the stored choice', () => {
  it('keeps one key holding the choice and when it was made', () => {
    const savedAt = new Date('2030-05-01T10:00:00.000Z');
    writeStoredConsent({ ...DEFAULT_CONSENT_PREFERENCES, analytics: true }, savedAt);

    expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? 'null')).toEqual({
      version: 1,
      essential: true,
      analytics: true,
      marketing: false,
      functional: false,
      saved_at: savedAt.toISOString(),
    });
  });

  it('returns the same object until the choice changes', () => {
    writeStoredConsent(DEFAULT_CONSENT_PREFERENCES);
    const first = readStoredConsent();

    expect(readStoredConsent()).toBe(first);
    writeStoredConsent({ ...DEFAULT_CONSENT_PREFERENCES, analytics: true });
    expect(readStoredConsent()).not.toBe(first);
  });

  it('tells listeners about changes in this tab and in other tabs', () => {
    let calls = 0;
    const unsubscribe = subscribeToConsent(() => {
      calls += 1;
    });

    writeStoredConsent(DEFAULT_CONSENT_PREFERENCES);
    window.dispatchEvent(new StorageEvent('storage', { key: CONSENT_STORAGE_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'portal.language' }));
    unsubscribe();
    writeStoredConsent(DEFAULT_CONSENT_PREFERENCES);

    expect(calls).toBe(2);
  });
});
