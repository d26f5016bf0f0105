import type { ConsentPreferences } from './consent.ts';

// The cookie categories, the banner's choices and where the browser keeps them, without the consent schemas (no
// zod): the banner shows on a visitor's first page.

export const CONSENT_TYPES = ['essential', 'analytics', 'marketing', 'functional'] as const;
export type ConsentType = (typeof CONSENT_TYPES)[number];

/** The categories a person may switch on or off; essential is always on. */
export const OPTIONAL_CONSENT_TYPES = ['analytics', 'marketing', 'functional'] as const;
export type OptionalConsentType = (typeof OPTIONAL_CONSENT_TYPES)[number];

/** The lawful bases of GDPR Art. 6(1). */
export const LEGAL_BASES = [
  'consent',
  'contract',
  'legal_obligation',
  'vital_interests',
  'public_task',
  'legitimate_interest',
] as const;
export type LegalBasis = (typeof LEGAL_BASES)[number];

/**
 * Why each category may be used. Essential cookies keep the sign-in session and security working, which the
 * service the learner signed up for cannot do without (Art. 6(1)(b), no consent asked as they are strictly
 * necessary); every other category runs only on the learner's consent (Art. 6(1)(a)).
 */
export const CONSENT_LEGAL_BASIS: Record<ConsentType, LegalBasis> = {
  essential: 'contract',
  analytics: 'consent',
  marketing: 'consent',
  functional: 'consent',
};

/** What each category is used for, as recorded with every consent row (the web shows the same text, translated). */
export const CONSENT_PURPOSES: Record<ConsentType, string> = {
  essential: 'Keep you signed in, protect your account and remember your cookie choices.',
  analytics: 'Measure how the portal is used so we can improve courses and features.',
  marketing: 'Show you relevant offers and measure our campaigns.',
  functional: 'Remember optional features and preferences so the portal works the way you like.',
};

export type ConsentRetention = { kind: 'session' } | { kind: 'months'; months: number };

/** How long each category's cookies are kept. */
export const CONSENT_RETENTION: Record<ConsentType, ConsentRetention> = {
  essential: { kind: 'session' },
  analytics: { kind: 'months', months: 26 },
  marketing: { kind: 'months', months: 24 },
  functional: { kind: 'months', months: 12 },
};

/** Analytics, marketing and functional start off. */
export const DEFAULT_CONSENT_PREFERENCES: ConsentPreferences = {
  essential: true,
  analytics: false,
  marketing: false,
  functional: false,
};

export const ALL_CONSENT_PREFERENCES: ConsentPreferences = {
  essential: true,
  analytics: true,
  marketing: true,
  functional: true,
};

/** The local-storage key holding the cookie-consent marker. */
export const CONSENT_STORAGE_KEY = 'portal.cookie-consent';
/** Set once this browser has made a choice, so the server sends the public pages without the banner. */
export const CONSENT_COOKIE = 'portal.consent';
