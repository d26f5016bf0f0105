import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AdminGuard, ChoosePlanGate, DashboardGate, LoginGuard, RedirectIfSignedIn, ScormRoleGuard } from './guards';
import { DashboardLayout } from './layouts/dashboard-layout';
import { PublicLayout } from './layouts/public-layout';
import { FeatureScreen, type FeatureScreenKey } from './routes/feature-screen';
import { RouteErrorScreen } from './routes/route-error';
import { ScormPlayerLoadError } from './routes/scorm-player-load-error';

const screen = (path: string, key: FeatureScreenKey): RouteObject => ({
  path,
  element: <FeatureScreen screen={key} />,
});

const scormPlayer = {
  lazy: () => import('@/features/scorm/routes/scorm-player').then((m) => ({ Component: m.ScormPlayer })),
};

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorScreen />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            index: true,
            lazy: () => import('@/features/landing/routes/landing').then((m) => ({ Component: m.Landing })),
          },
          {
            element: <RedirectIfSignedIn />,
            children: [
              {
                path: 'login',
                lazy: () => import('@/features/auth/routes/login').then((m) => ({ Component: m.Login })),
              },
              {
                path: 'auth',
                lazy: () => import('@/features/auth/routes/login').then((m) => ({ Component: m.Login })),
              },
            ],
          },
          {
            path: 'auth/confirm',
            lazy: () => import('@/features/auth/routes/auth-confirm').then((m) => ({ Component: m.AuthConfirm })),
          },
          {
            path: 'reset-password',
            lazy: () => import('@/features/auth/routes/reset-password').then((m) => ({ Component: m.ResetPassword })),
          },
          {
            path: 'dev/mailbox',
            lazy: () => import('@/features/auth/routes/dev-mailbox').then((m) => ({ Component: m.DevMailbox })),
          },
          { path: '403', lazy: () => import('./routes/forbidden').then((m) => ({ Component: m.Forbidden })) },
          {
            path: 'subscription-success',
            lazy: () =>
              import('@/features/subscription/routes/subscription-success').then((m) => ({
                Component: m.SubscriptionSuccess,
              })),
          },
          {
            element: <ChoosePlanGate />,
            children: [
              {
                path: 'choose-plan',
                lazy: () =>
                  import('@/features/subscription/routes/choose-plan').then((m) => ({ Component: m.ChoosePlan })),
              },
            ],
          },
          { path: 'games', lazy: () => import('@/features/games/routes/games').then((m) => ({ Component: m.Games })) },
          {
            path: 'contact',
            lazy: () => import('@/features/contact/routes/contact').then((m) => ({ Component: m.Contact })),
          },
          {
            path: 'privacy-policy',
            lazy: () => import('@/features/legal/routes/privacy-policy').then((m) => ({ Component: m.PrivacyPolicy })),
          },
          {
            path: 'terms-of-service',
            lazy: () =>
              import('@/features/legal/routes/terms-of-service').then((m) => ({ Component: m.TermsOfService })),
          },
          { path: 'privacy', element: <Navigate to="/privacy-policy" replace /> },
          { path: 'terms', element: <Navigate to="/terms-of-service" replace /> },
          { path: 'courses', element: <Navigate to="/dashboard/learner/courses" replace /> },
          { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFound })) },
        ],
      },
      {
        element: <LoginGuard />,
        children: [
          {
            path: 'courses/:slug',
            lazy: () => import('@/features/courses/routes/course-player').then((m) => ({ Component: m.CoursePlayer })),
          },
          {
            errorElement: <ScormPlayerLoadError />,
            children: [{ path: 'scorm/launch/:enrollmentId/:scoId', ...scormPlayer }],
          },
        ],
      },
      {
        element: <ScormRoleGuard />,
        errorElement: <ScormPlayerLoadError />,
        children: [
          { path: 'scorm/preview/:packageId', ...scormPlayer },
          { path: 'scorm/preview/:packageId/:scoId', ...scormPlayer },
        ],
      },
      {
        path: 'dashboard',
        element: <DashboardGate />,
        children: [
          {
            element: <DashboardLayout />,
            children: [
              { index: true, element: <Navigate to="/dashboard/learner" replace /> },
              {
                path: 'learner',
                lazy: () =>
                  import('@/features/dashboard/routes/learner-home').then((m) => ({ Component: m.LearnerHome })),
              },
              screen('learner/library', 'library'),
              screen('learner/courses', 'courses'),
              screen('learner/goals', 'goals'),
              screen('learner/notes', 'notes'),
              screen('learner/gamification', 'gamification'),
              {
                path: 'learner/settings',
                lazy: async () => {
                  const [{ Settings }, { ConsentSettings }] = await Promise.all([
                    import('@/features/settings/routes/settings'),
                    import('@/features/consent/components/consent-settings'),
                  ]);
                  return { Component: () => <Settings privacySection={<ConsentSettings />} /> };
                },
              },
              screen('learner/analytics', 'analytics'),
              screen('learner/ai-coach', 'aiCoach'),
              screen('learner/flashcards', 'flashcards'),
              screen('learner/live-hub', 'liveHub'),
              screen('learner/course/:courseId', 'course'),
              screen('learner/learning-state/:courseId', 'learningState'),
              screen('learner/study/:mode', 'study'),
              {
                path: 'subscription',
                lazy: () =>
                  import('@/features/subscription/routes/subscription-overview').then((m) => ({
                    Component: m.SubscriptionOverview,
                  })),
              },
              {
                element: <AdminGuard />,
                children: [
                  screen('admin', 'admin'),
                  screen('admin/users', 'adminUsers'),
                  screen('admin/courses', 'adminCourses'),
                  screen('admin/analytics', 'adminAnalytics'),
                  screen('admin/modules', 'adminModules'),
                  screen('admin/courses/:slug/lessons', 'adminLessons'),
                  screen('admin/thresholds', 'adminThresholds'),
                  screen('admin/beta', 'adminBeta'),
                ],
              },
              {
                element: <ScormRoleGuard />,
                children: [
                  screen('scorm/studio', 'scormStudio'),
                  screen('scorm/packages', 'scormPackages'),
                  screen('scorm/assignments', 'scormAssignments'),
                  screen('scorm/upload', 'scormUpload'),
                  screen('scorm/packages/:packageId', 'scormPackages'),
                  screen('scorm/packages/:packageId/enrollments', 'scormPackages'),
                  screen('scorm/packages/:packageId/analytics', 'scormPackages'),
                ],
              },
            ],
          },
          // Embeds render one module's state without the dashboard chrome.
          screen('learner/learning-state-embed/:moduleId', 'learningStateEmbed'),
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
