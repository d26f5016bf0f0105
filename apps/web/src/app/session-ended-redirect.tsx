import { useEffect, useSyncExternalStore } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { pendingSignOutReason, subscribeSignOutReason } from '@/lib/session-ended';

const SIGN_IN_PATHS = new Set(['/login', '/auth']);

/** Wraps every screen: when the server signs this tab out (suspension, sign-out everywhere, deletion, a 401), go to /login. */
export function SessionEndedRedirect() {
  // Prerendered pages (prerender.tsx) are for a tab that was not signed out; the same snapshot holds there.
  const reason = useSyncExternalStore(subscribeSignOutReason, pendingSignOutReason, pendingSignOutReason);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (reason && !SIGN_IN_PATHS.has(pathname)) void navigate('/login', { replace: true });
  }, [reason, pathname, navigate]);
  return <Outlet />;
}
