import type { Me } from '@portal/shared/me';
import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { guardedScreenLoader, withNamespaces } from './route-preload';
import type { ScreenName } from './screen-queries';

const isAdmin = (me: Me) => me.role === 'admin';
/** An admin screen's queries start with its code, for admins only (see `guardedScreenLoader`). */
const adminLoader = (queryClient: QueryClient, screen: ScreenName) => guardedScreenLoader(queryClient, screen, isAdmin);

/** The admin console's screens, under `/dashboard` and behind the admin guard; loaders fetch through `queryClient`. */
export const adminRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    path: 'admin',
    loader: adminLoader(queryClient, 'adminHome'),
    lazy: withNamespaces(['admin-home'], () =>
      import('@/features/admin-home/routes/admin-home').then((m) => ({ Component: m.AdminHome })),
    ),
  },
  {
    path: 'admin/audit',
    lazy: () => import('@/features/admin-audit/routes/admin-audit').then((m) => ({ Component: m.AdminAudit })),
  },
  {
    path: 'admin/users',
    loader: adminLoader(queryClient, 'adminUsers'),
    lazy: withNamespaces(['admin-users'], () =>
      import('@/features/admin-users/routes/admin-users').then((m) => ({ Component: m.AdminUsers })),
    ),
  },
  {
    path: 'admin/users/:userId',
    lazy: () => import('@/features/admin-users/routes/admin-user').then((m) => ({ Component: m.AdminUser })),
  },
  {
    path: 'admin/courses',
    loader: adminLoader(queryClient, 'adminCourses'),
    lazy: withNamespaces(['authoring'], () =>
      import('@/features/admin-courses/routes/admin-courses').then((m) => ({
        Component: m.AdminCoursesPage,
      })),
    ),
  },
  {
    path: 'admin/analytics',
    loader: adminLoader(queryClient, 'adminAnalytics'),
    lazy: withNamespaces(['admin-analytics'], () =>
      import('@/features/admin-analytics/routes/admin-analytics').then((m) => ({
        Component: m.AdminAnalytics,
      })),
    ),
  },
  {
    path: 'admin/modules',
    lazy: () =>
      import('@/features/admin-courses/routes/admin-modules').then((m) => ({
        Component: m.AdminModulesPage,
      })),
  },
  {
    path: 'admin/courses/:slug/lessons',
    // The SCORM package picker names versions and statuses with the studio's words.
    lazy: withNamespaces(['authoring', 'scorm'], () =>
      import('@/features/admin-courses/routes/admin-lessons').then((m) => ({
        Component: m.AdminLessonsPage,
      })),
    ),
  },
  {
    path: 'admin/thresholds',
    lazy: () =>
      import('@/features/admin-thresholds/routes/admin-thresholds').then((m) => ({
        Component: m.AdminThresholds,
      })),
  },
  {
    path: 'admin/beta',
    lazy: () => import('@/features/beta/routes/admin-beta').then((m) => ({ Component: m.AdminBeta })),
  },
  {
    path: 'admin/coupons',
    lazy: () =>
      import('@/features/admin-coupons/routes/admin-coupons').then((m) => ({
        Component: m.AdminCoupons,
      })),
  },
  {
    path: 'admin/sso',
    lazy: () => import('@/features/admin-sso/routes/admin-sso').then((m) => ({ Component: m.AdminSso })),
  },
  {
    path: 'admin/contact',
    lazy: () =>
      import('@/features/admin-contact/routes/admin-contact').then((m) => ({
        Component: m.AdminContact,
      })),
  },
];
