import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Toaster } from 'sonner';
import { invalidateBetaFeed } from '@/features/beta/api/get-beta-feed';
import { receiveBetaUpdate } from '@/features/beta/components/show-beta-update-toast';
import { CookieBanner } from '@/features/consent/components/cookie-banner';
import { GAMIFICATION_QUERY_KEY } from '@/features/gamification/api/gamification-query-key';
import { GamificationLive } from '@/features/gamification/components/gamification-live';
import { invalidateSubscription } from '@/features/subscription/api/get-subscription-details';
import { meQueryOptions, useMe } from '@/lib/auth';
import { CardMakersProvider } from '@/lib/card-makers';
import { createQueryClient } from '@/lib/query-client';
import { RealtimeClient, realtimeUrl } from '@/lib/realtime';
import { endSignedInSession } from '@/lib/session-ended';
import { ApplyPreferences } from './apply-preferences';
import { CARD_MAKERS } from './card-makers';

/** Opens the user's realtime channel on sign-in, closes it on sign-out, and refreshes what changed. */
export function RealtimeBridge() {
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const userId = me?.user.id;
  useEffect(() => {
    if (!userId) return;
    const client = new RealtimeClient(realtimeUrl());
    let first = true;
    const unsubscribe = client.subscribe((message) => {
      if (message.type === 'ready') {
        // After a reconnect, refetch what may have changed while offline.
        if (!first) void queryClient.invalidateQueries();
        first = false;
      } else if (message.type === 'subscription_change') {
        void invalidateSubscription(queryClient);
      } else if (message.type === 'table_change') {
        void queryClient.invalidateQueries({ queryKey: GAMIFICATION_QUERY_KEY });
        // The learner home and analytics show XP, streak and achievements too.
        void queryClient.invalidateQueries({ queryKey: ['analytics'] });
      } else if (message.type === 'beta_update') {
        receiveBetaUpdate(queryClient, message.payload);
      } else if (message.type === 'beta_access_change') {
        void invalidateBetaFeed(queryClient);
      } else if (message.type === 'session_ended') {
        // An admin suspended, signed out or deleted this account: sign this tab out now, not at its next request.
        endSignedInSession(queryClient, message.reason);
      }
    });
    client.start();
    return () => {
      unsubscribe();
      client.stop();
    };
  }, [userId, queryClient]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => {
    void queryClient.prefetchQuery(meQueryOptions());
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeBridge />
      <GamificationLive />
      <ApplyPreferences />
      <CardMakersProvider value={CARD_MAKERS}>{children}</CardMakersProvider>
      <CookieBanner />
      <Toaster position="top-right" richColors closeButton />
    </QueryClientProvider>
  );
}
