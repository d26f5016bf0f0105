/** Paths the subscription gate treats as public. */
const PUBLIC_EXACT = new Set(['/', '/login', '/auth', '/choose-plan', '/privacy-policy', '/terms-of-service']);

export function isPublicRoute(pathname: string): boolean {
  return PUBLIC_EXACT.has(pathname) || pathname.startsWith('/subscription');
}

export const LEARNER_HOME = '/dashboard/learner';

/** Where a subscribed user sees their plan and the plans above it (/choose-plan sends them home). */
export const SUBSCRIPTION_OVERVIEW = '/dashboard/subscription';

/** Where an email confirmation link lands; the server adds `EMAIL_CONFIRMED_PARAM=1` only when it accepted the link. */
export const EMAIL_CONFIRM_PATH = '/auth/confirm';
export const EMAIL_CONFIRMED_PARAM = 'confirmed';
