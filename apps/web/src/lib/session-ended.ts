import type { SessionEndReason } from '@portal/shared/realtime';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { forgetSession, meQueryOptions } from './auth';

/** Why this tab was signed out without asking: an admin's action, or the server no longer knowing the session. */
export type SignedOutReason = SessionEndReason | 'expired';

let pending: SignedOutReason | null = null;
const listeners = new Set<() => void>();

/** The reason waiting to be shown on the sign-in page, if the tab was just signed out by the server. */
export const pendingSignOutReason = () => pending;

export function subscribeSignOutReason(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Clears the reason once the sign-in page has taken it. */
export function takeSignOutReason() {
  const reason = pending;
  if (pending !== null) {
    pending = null;
    for (const listener of listeners) listener();
  }
  return reason;
}

/** Forgets the signed-in user and every cached answer, and notes why so the sign-in page can say so. */
export function endSignedInSession(queryClient: QueryClient, reason: SignedOutReason) {
  forgetSession(queryClient);
  pending = reason;
  for (const listener of listeners) listener();
}

/**
 * A 401 while the tab believes it is signed in means the server no longer knows the session (ended elsewhere,
 * suspended, expired): sign the tab out. A wrong password (`invalid_credentials`) is an answer, not a lost session.
 */
export function signOutOnLostSession(queryClient: QueryClient, error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 401 || error.code === 'invalid_credentials') return;
  if (!queryClient.getQueryData(meQueryOptions().queryKey)) return;
  endSignedInSession(queryClient, 'expired');
}
