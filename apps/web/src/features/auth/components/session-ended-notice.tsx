import { lazy, Suspense, useEffect, useState } from 'react';
import { pendingSignOutReason, takeSignOutReason } from '@/lib/session-ended';

// Only a tab the server just signed out shows it, so its code is not part of the sign-in page's first load.
const SessionEndedReason = lazy(() =>
  import('./session-ended-reason').then((m) => ({ default: m.SessionEndedReason })),
);

/** On the sign-in page: why the server just signed this tab out (an admin's action or a lost session), shown once. */
export function SessionEndedNotice() {
  const [reason] = useState(pendingSignOutReason);
  useEffect(() => {
    takeSignOutReason();
  }, []);
  return reason ? (
    <Suspense fallback={null}>
      <SessionEndedReason reason={reason} />
    </Suspense>
  ) : null;
}
