/** Paths the subscription gate treats as public. */
const PUBLIC_EXACT = new Set(['/', '/login', '/auth', '/choose-plan', '/privacy-policy', '/terms-of-service']);

export function isPublicRoute(pathname: string): boolean {
  return PUBLIC_EXACT.has(pathname) || pathname.startsWith('/subscription');
}

export const LEARNER_HOME = '/dashboard/learner';
