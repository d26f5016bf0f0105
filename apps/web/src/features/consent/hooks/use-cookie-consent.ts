import type { ConsentPreferences } from '@portal/shared/consent';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useRef, useSyncExternalStore } from 'react';
import { meQueryOptions, useMe } from '@/lib/auth';
import { readStoredConsent, subscribeToConsent, writeStoredConsent } from '@/lib/consent';
import { useConsent } from '../api/get-consent';
import { useSaveConsent } from '../api/save-consent';
import { reconcileConsent } from '../utils/reconcile-consent';

/** The cookie choice stored in this browser, kept current across tabs. */
export function useStoredConsent() {
  return useSyncExternalStore(subscribeToConsent, readStoredConsent, () => null);
}

/**
 * Signing in removes every cached query and fetches the user again; an observer mounted outside the router (like
 * the banner) keeps the removed query until it renders again, so render again when the user query comes back.
 */
function useRenderOnNewUserQuery() {
  const queryClient = useQueryClient();
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    const meHash = hashKey(meQueryOptions().queryKey);
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'added' && event.query.queryHash === meHash) rerender();
    });
  }, [queryClient]);
}

/**
 * The banner's state: whether to ask, and how to record an answer. A choice is always stored in the browser; for
 * a signed-in user it is also sent to the account, and an account's choice is adopted by a browser without one.
 */
export function useCookieConsent() {
  useRenderOnNewUserQuery();
  const stored = useStoredConsent();
  const me = useMe();
  const userId = me.data?.user.id ?? null;
  const server = useConsent({ enabled: userId !== null });
  const { mutate: upload } = useSaveConsent();
  const serverConsent = userId !== null && server.isSuccess ? server.data : undefined;
  const sync = useMemo(() => reconcileConsent({ local: stored, server: serverConsent }), [stored, serverConsent]);
  const uploadedKey = useRef<string | null>(null);

  useEffect(() => {
    if (sync.action === 'adopt') {
      writeStoredConsent(sync.preferences, sync.savedAt);
    } else if (sync.action === 'upload' && userId && stored) {
      const key = `${userId}:${stored.saved_at}`;
      if (uploadedKey.current === key) return;
      uploadedKey.current = key;
      upload(sync.preferences, {
        // Consent failures are only logged; the browser keeps the choice and tries again on the next visit.
        onError: (error) => console.warn('cookie consent not recorded', error),
      });
    }
  }, [sync, userId, stored, upload]);

  const loading = me.isPending || (userId !== null && server.isPending);
  return {
    showBanner: !loading && stored === null && sync.action !== 'adopt',
    choose: (preferences: ConsentPreferences) => {
      writeStoredConsent(preferences);
    },
  };
}
