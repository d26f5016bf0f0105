import { useEffect, useRef } from 'react';
import { useMe } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { applyPreferences, pickPreferences, readStoredPreferences, storePreferences } from '@/lib/preferences';
import { useProfile } from '@/lib/profile';

// Before the first render: the last preferences used on this device (or the defaults) apply without a flash.
applyPreferences(readStoredPreferences()).catch(() => undefined);

/** Applies the signed-in user's saved display preferences app-wide and remembers them for the next visit. */
export function ApplyPreferences() {
  const { data: me } = useMe();
  const { data: profile } = useProfile({ enabled: Boolean(me) });
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (!profile) return;
    const preferences = pickPreferences(profile);
    const key = JSON.stringify(preferences);
    if (applied.current === key) return;
    applied.current = key;
    storePreferences(preferences);
    applyPreferences(preferences).catch(() => {
      applied.current = null;
      // The toast library and the settings texts load on demand: this rarely happens, and never on first paint.
      void Promise.all([import('sonner'), i18n.loadNamespaces('settings')]).then(([{ toast }]) =>
        toast.error(i18n.t('settings:applyFailed')),
      );
    });
  }, [profile]);
  return null;
}
