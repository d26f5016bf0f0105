import type { ConsentPreferences, ConsentType, StoredConsent } from '@portal/shared/consent';
import { CONSENT_COOKIE, CONSENT_STORAGE_KEY } from '@portal/shared/consent-choices';

const CHANGE_EVENT = 'portal:cookie-consent-change';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Holds the choice for this page when the browser refuses to store it. */
let unsavedRaw: string | null = null;

function readRaw(): string | null {
  try {
    return storage()?.getItem(CONSENT_STORAGE_KEY) ?? unsavedRaw;
  } catch {
    return unsavedRaw;
  }
}

let cached: { raw: string | null; value: StoredConsent | null } = { raw: null, value: null };

/** The stored marker if it has the shape of `storedConsentSchema` (checked by hand: the banner must stay light). */
function parse(raw: string | null): StoredConsent | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { version, essential, analytics, marketing, functional, saved_at } = value as Record<string, unknown>;
    const flags = [analytics, marketing, functional];
    if (version !== 1 || essential !== true || typeof saved_at !== 'string') return null;
    if (!flags.every((flag) => typeof flag === 'boolean')) return null;
    return {
      version,
      essential,
      analytics: analytics as boolean,
      marketing: marketing as boolean,
      functional: functional as boolean,
      saved_at,
    };
  } catch {
    return null;
  }
}

/** Tells the server this browser has chosen: it then sends prerendered pages without the banner. */
function markChosen() {
  if (typeof document !== 'undefined') {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in some supported browsers
    document.cookie = `${CONSENT_COOKIE}=1; path=/; max-age=31536000; samesite=lax`;
  }
}

/** The choice stored in this browser, or null when none (or an unreadable one) is stored; stable between changes. */
export function readStoredConsent(): StoredConsent | null {
  const raw = readRaw();
  if (raw !== cached.raw) {
    cached = { raw, value: parse(raw) };
    // A choice stored before the cookie existed gets it on the next read.
    if (cached.value) markChosen();
  }
  return cached.value;
}

/** Stores a choice in this browser and tells every listener. */
export function writeStoredConsent(preferences: ConsentPreferences, savedAt: Date = new Date()): StoredConsent {
  const stored: StoredConsent = {
    version: 1,
    essential: true,
    analytics: preferences.analytics,
    marketing: preferences.marketing,
    functional: preferences.functional,
    saved_at: savedAt.toISOString(),
  };
  const raw = JSON.stringify(stored);
  try {
    const target = storage();
    if (!target) throw new Error('no storage');
    target.setItem(CONSENT_STORAGE_KEY, raw);
  } catch {
    // Storage can be full or blocked; the choice still applies to this page.
    unsavedRaw = raw;
  }
  markChosen();
  window.dispatchEvent(new Event(CHANGE_EVENT));
  return stored;
}

/** Calls back whenever the stored choice changes, in this tab or another. */
export function subscribeToConsent(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CONSENT_STORAGE_KEY) listener();
  };
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Whether code may use a cookie category now. Essential is always allowed; analytics, marketing and functional
 * only after the person said yes. Call it before loading any analytics or marketing script.
 */
export function hasConsent(category: ConsentType): boolean {
  if (category === 'essential') return true;
  return readStoredConsent()?.[category] === true;
}
