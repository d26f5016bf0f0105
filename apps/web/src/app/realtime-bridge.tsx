import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidateBetaFeed } from '@/features/beta/api/get-beta-feed';
import { receiveBetaUpdate } from '@/features/beta/components/show-beta-update-toast';
import { GAMIFICATION_QUERY_KEY } from '@/features/gamification/api/gamification-query-key';
import { GamificationLive } from '@/features/gamification/components/gamification-live';
import { receiveLiveSessionChange } from '@/features/live/components/live-session-notice';
import { UnsentCommitsDelivery } from '@/features/scorm/components/unsent-commits-delivery';
import { invalidateSubscription } from '@/features/subscription/api/get-subscription-details';
import { useSubscriptionStatus } from '@/features/subscription/api/get-subscription-status';
import { useMe } from '@/lib/auth';
import { RealtimeClient, realtimeUrl } from '@/lib/realtime';
import { endSignedInSession } from '@/lib/session-ended';

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
      } else if (message.type === 'live_session_changed') {
        receiveLiveSessionChange(queryClient, message);
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

/**
 * What runs only while someone is signed in: the realtime channel and, once they have a plan, the XP, level and badge
 * toasts (an account still choosing its plan has no XP to watch, and the server would refuse to show it) and the
 * delivery of SCORM progress an earlier visit could not save.
 */
export function SignedInLive() {
  const { data: me } = useMe();
  const plan = useSubscriptionStatus({ enabled: Boolean(me) });
  return (
    <>
      <RealtimeBridge />
      {plan.data?.subscribed ? <GamificationLive /> : null}
      {plan.data?.subscribed && me ? <UnsentCommitsDelivery userId={me.user.id} /> : null}
    </>
  );
}
