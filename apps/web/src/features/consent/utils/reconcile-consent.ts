import type { ConsentPreferences, CurrentConsent, StoredConsent } from '@portal/shared/consent';

/** What to do so that this browser and the signed-in account hold the same cookie choice. */
export type ConsentSync =
  | { action: 'none' }
  | { action: 'upload'; preferences: ConsentPreferences }
  | { action: 'adopt'; preferences: ConsentPreferences; savedAt: Date };

const samePreferences = (a: ConsentPreferences, b: ConsentPreferences) =>
  a.analytics === b.analytics && a.marketing === b.marketing && a.functional === b.functional;

const preferencesOf = (stored: StoredConsent): ConsentPreferences => ({
  essential: true,
  analytics: stored.analytics,
  marketing: stored.marketing,
  functional: stored.functional,
});

/**
 * The newer of the two choices wins: a choice made in this browser that the account lacks is uploaded, and an
 * account's choice this browser lacks is adopted without asking again. `server` is undefined when signed out
 * or not (yet) known.
 */
export function reconcileConsent({
  local,
  server,
}: {
  local: StoredConsent | null;
  server: CurrentConsent | undefined;
}): ConsentSync {
  if (!server) return { action: 'none' };
  const remote = server.preferences;
  if (!remote) return local ? { action: 'upload', preferences: preferencesOf(local) } : { action: 'none' };
  const remoteSavedAt = server.updated_at ? new Date(server.updated_at) : new Date(0);
  if (!local) return { action: 'adopt', preferences: remote, savedAt: remoteSavedAt };
  if (samePreferences(preferencesOf(local), remote)) return { action: 'none' };
  return Date.parse(local.saved_at) > remoteSavedAt.getTime()
    ? { action: 'upload', preferences: preferencesOf(local) }
    : { action: 'adopt', preferences: remote, savedAt: remoteSavedAt };
}
