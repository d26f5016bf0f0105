import { describe, expect, it } from 'vitest';
import { isPublicRoute } from './routes.ts';

describe('public routes of the subscription gate', () => {
  it.each([
    '/',
    '/login',
    '/auth',
    '/choose-plan',
    '/privacy-policy',
    '/terms-of-service',
    '/subscription-success',
    '/subscription/anything',
    '/subscription',
  ])('%s is public', (path) => {
    expect(isPublicRoute(path)).toBe(true);
  });

  it.each(['/dashboard/learner', '/dashboard', '/dashboard/subscription', '/login/extra', '/admin', '/courses'])(
    '%s is not public',
    (path) => {
      expect(isPublicRoute(path)).toBe(false);
    },
  );
});
