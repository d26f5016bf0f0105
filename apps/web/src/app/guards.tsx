import { GATE_LOADING_TIMEOUT_MS } from '@portal/shared/constants';
import { canUseScormStudio } from '@portal/shared/role-names';
import { LEARNER_HOME } from '@portal/shared/routes';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenLoading } from '@/components/full-screen-loading';
import { useSubscriptionStatus } from '@/features/subscription/api/get-subscription-status';
import { useMe } from '@/lib/auth';
import { useProfile } from '@/lib/profile';

/** True once `active` has lasted the gate's timeout. */
function useGateTimedOut(active: boolean) {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setTimedOut(true), GATE_LOADING_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [active]);
  return active && timedOut;
}

export function useAccess() {
  const me = useMe();
  const signedIn = Boolean(me.data);
  const subscription = useSubscriptionStatus({ enabled: signedIn });
  const loading = me.isPending || (signedIn && subscription.isPending);
  return {
    me: me.data ?? null,
    subscribed: subscription.data?.subscribed === true,
    tier: subscription.data?.subscription_tier ?? null,
    loading,
  };
}

function fromState(location: ReturnType<typeof useLocation>) {
  return { from: `${location.pathname}${location.search}` };
}

/** Dashboard: signed in and subscribed, else /login (/auth for admin screens) or /choose-plan; loading ends after 8 s. */
export function DashboardGate() {
  const access = useAccess();
  const location = useLocation();
  // The saved display preferences (comfort mode, contrast) apply before the dashboard shows, so a Low-Stimulus
  // learner on a new device never sees what that mode hides.
  const profile = useProfile({ enabled: Boolean(access.me) });
  const loading = access.loading || (Boolean(access.me) && profile.isPending);
  const timedOut = useGateTimedOut(loading);
  // What follows the loading screen (the dashboard's layout and screen at once) renders in the background, yielding
  // to the browser between components, instead of as one long task when the last of these answers arrives.
  const gated = loading && !timedOut;
  const waiting = useDeferredValue(gated) || gated;
  // After signing out here, the next sign-in starts at home rather than where the user left.
  const wasSignedIn = useRef(false);
  if (access.me) wasSignedIn.current = true;
  if (waiting) return <FullScreenLoading />;
  if (!access.me) {
    const signIn = location.pathname.startsWith('/dashboard/admin') ? '/auth' : '/login';
    return <Navigate to={signIn} replace state={wasSignedIn.current ? null : fromState(location)} />;
  }
  if (!access.subscribed) return <Navigate to="/choose-plan" replace />;
  return <Outlet />;
}

/** Any signed-in user. */
export function LoginGuard() {
  const me = useMe();
  const location = useLocation();
  const timedOut = useGateTimedOut(me.isPending);
  if (me.isPending && !timedOut) return <FullScreenLoading />;
  if (!me.data) return <Navigate to="/login" replace state={fromState(location)} />;
  return <Outlet />;
}

/** /login for a signed-in user goes to the learner home (or where they were heading). */
export function RedirectIfSignedIn() {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <FullScreenLoading />;
  if (me.data) {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from?.startsWith('/') && !from.startsWith('//') ? from : LEARNER_HOME} replace />;
  }
  return <Outlet />;
}

/** /choose-plan for a user who already has access goes to the learner home. */
export function ChoosePlanGate() {
  const access = useAccess();
  const timedOut = useGateTimedOut(access.loading);
  if (access.loading && !timedOut) return <FullScreenLoading />;
  if (access.me && access.subscribed) return <Navigate to={LEARNER_HOME} replace />;
  return <Outlet />;
}

/** Admin screens: signed out -> /auth, non-admin -> /403. */
export function AdminGuard() {
  const me = useMe();
  if (me.isPending) return <FullScreenLoading />;
  if (!me.data) return <Navigate to="/auth" replace />;
  if (me.data.role !== 'admin') return <Navigate to="/403" replace />;
  return <Outlet />;
}

/** SCORM studio and preview: admins and instructors. */
export function ScormRoleGuard() {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <FullScreenLoading />;
  if (!me.data) return <Navigate to="/login" replace state={fromState(location)} />;
  if (!canUseScormStudio(me.data.role)) return <Navigate to="/403" replace />;
  return <Outlet />;
}
