import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { getLearnerHomeQueryOptions } from '@/features/dashboard/api/get-learner-home';
import { subscriptionStatusQueryOptions } from '@/features/subscription/api/get-subscription-status';
import { meQueryOptions } from '@/lib/auth';
import type { LessonAside } from '@/lib/lesson-context';
import { profileQueryOptions } from '@/lib/profile';
import { adminRoutes } from './admin-routes';
import { AdminGuard, ChoosePlanGate, DashboardGate, LoginGuard, RedirectIfSignedIn, ScormRoleGuard } from './guards';
import { PublicLayout } from './layouts/public-layout';
import { prefetchQueries, prefetchQuery, screenLoader, withNamespaces } from './route-preload';
import { RouteErrorScreen } from './routes/route-error';
import { ScormPlayerLoadError } from './routes/scorm-player-load-error';
import { SessionEndedRedirect } from './session-ended-redirect';

/** The notes panel the course player shows beside the open lesson. */
const lessonNotesAside = (): Promise<LessonAside> =>
  import('@/features/notes/components/lesson-notes-panel').then(({ LessonNotesPanel }) => (context) => (
    <LessonNotesPanel context={context} />
  ));

const scormPlayer = {
  lazy: () => import('@/features/scorm/routes/scorm-player').then((m) => ({ Component: m.ScormPlayer })),
};

const scormStudio = {
  lazy: () => import('@/features/scorm/routes/scorm-studio').then((m) => ({ Component: m.ScormStudio })),
};
const scormPackages = {
  lazy: () => import('@/features/scorm/routes/scorm-packages').then((m) => ({ Component: m.ScormPackages })),
};

/** The route tree; `queryClient` lets loaders fetch a screen's data while its code downloads. */
export const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <SessionEndedRedirect />,
    errorElement: <RouteErrorScreen />,
    // Shown (without text, translations may not be there yet) while the first screen's code loads.
    hydrateFallbackElement: <div className="min-h-screen bg-background" />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            index: true,
            lazy: withNamespaces(['landing'], () =>
              import('@/features/landing/routes/landing').then((m) => ({ Component: m.Landing })),
            ),
          },
          {
            element: <RedirectIfSignedIn />,
            children: [
              {
                path: 'login',
                lazy: withNamespaces(['auth', 'session-ended'], () =>
                  import('@/features/auth/routes/login').then((m) => ({ Component: m.Login })),
                ),
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
            path: 'billing/sandbox/portal',
            lazy: () =>
              import('@/features/billing/routes/sandbox-portal').then((m) => ({ Component: m.SandboxPortal })),
          },
          {
            path: 'subscription/invite/:token',
            lazy: () =>
              import('@/features/subscription/routes/accept-invite').then((m) => ({ Component: m.AcceptInvite })),
          },
          {
            path: 'billing/sandbox/:sessionId',
            lazy: () =>
              import('@/features/billing/routes/sandbox-checkout').then((m) => ({ Component: m.SandboxCheckout })),
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
            lazy: async () => {
              const [{ CoursePlayerPage }, lessonAside] = await Promise.all([
                import('@/features/courses/routes/course-player'),
                lessonNotesAside(),
              ]);
              return { Component: () => <CoursePlayerPage lessonAside={lessonAside} /> };
            },
          },
          {
            errorElement: <ScormPlayerLoadError />,
            // Preview is checked by the server: managers of the package, or anyone signed in for a public one.
            children: [
              { path: 'scorm/launch/:enrollmentId/:scoId', ...scormPlayer },
              { path: 'scorm/preview/:packageId', ...scormPlayer },
              { path: 'scorm/preview/:packageId/:scoId', ...scormPlayer },
            ],
          },
        ],
      },
      {
        path: 'dashboard',
        element: <DashboardGate />,
        // Who is signed in and their plan (what the gate checks) are asked together, beside the screen's data; the
        // saved display preferences (the gate waits for them too) as soon as the session is known to be signed in.
        loader: prefetchQueries(queryClient, async () => {
          const signedIn = queryClient.ensureQueryData(meQueryOptions()).catch(() => null);
          void signedIn.then((me) => me && queryClient.prefetchQuery(profileQueryOptions()));
          return [meQueryOptions(), subscriptionStatusQueryOptions()];
        }),
        children: [
          {
            lazy: withNamespaces(['beta', 'voice', 'payment-notice'], () =>
              import('./layouts/dashboard-layout').then((m) => ({ Component: m.DashboardLayout })),
            ),
            children: [
              { index: true, element: <Navigate to="/dashboard/learner" replace /> },
              {
                path: 'learner',
                loader: prefetchQuery(queryClient, getLearnerHomeQueryOptions),
                lazy: withNamespaces(['dashboard'], () =>
                  import('@/features/dashboard/routes/learner-home').then((m) => ({ Component: m.LearnerHome })),
                ),
              },
              {
                path: 'learner/library',
                lazy: async () => {
                  const [{ LibraryPage }, { MyScormEnrollments }] = await Promise.all([
                    import('@/features/courses/routes/library'),
                    import('@/features/scorm/components/my-scorm-enrollments'),
                  ]);
                  return { Component: () => <LibraryPage scormSection={<MyScormEnrollments />} /> };
                },
              },
              {
                path: 'learner/courses',
                loader: screenLoader(queryClient, 'catalogue'),
                lazy: withNamespaces(['courses'], () =>
                  import('@/features/courses/routes/catalogue').then((m) => ({ Component: m.CataloguePage })),
                ),
              },
              {
                path: 'learner/goals',
                loader: screenLoader(queryClient, 'goals'),
                lazy: withNamespaces(['goals'], () =>
                  import('@/features/goals/routes/goals').then((m) => ({ Component: m.GoalsPage })),
                ),
              },
              {
                path: 'learner/notes',
                loader: screenLoader(queryClient, 'notes'),
                lazy: withNamespaces(['notes'], () =>
                  import('@/features/notes/routes/notes').then((m) => ({ Component: m.NotesPage })),
                ),
              },
              {
                path: 'learner/gamification',
                loader: screenLoader(queryClient, 'gamification'),
                lazy: withNamespaces(['gamification'], () =>
                  import('@/features/gamification/routes/learner-gamification').then((m) => ({
                    Component: m.LearnerGamification,
                  })),
                ),
              },
              {
                path: 'learner/settings',
                loader: screenLoader(queryClient, 'settings'),
                lazy: withNamespaces(['settings', 'security', 'consent'], async () => {
                  const [{ Settings }, { ConsentSettings }] = await Promise.all([
                    import('@/features/settings/routes/settings'),
                    import('@/features/consent/components/consent-settings'),
                  ]);
                  return { Component: () => <Settings privacySection={<ConsentSettings />} /> };
                }),
              },
              {
                path: 'learner/analytics',
                lazy: () =>
                  import('@/features/analytics/routes/learner-analytics').then((m) => ({
                    Component: m.LearnerAnalytics,
                  })),
              },
              {
                path: 'learner/ai-coach',
                loader: screenLoader(queryClient, 'coach'),
                lazy: withNamespaces(['coach'], () =>
                  import('@/features/coach/routes/ai-coach').then((m) => ({ Component: m.CoachPage })),
                ),
              },
              {
                path: 'learner/flashcards',
                loader: screenLoader(queryClient, 'flashcards'),
                lazy: withNamespaces(['flashcards'], () =>
                  import('@/features/flashcards/routes/flashcards').then((m) => ({ Component: m.FlashcardsPage })),
                ),
              },
              {
                path: 'learner/flashcards/review',
                lazy: () =>
                  import('@/features/flashcards/routes/flashcard-review').then((m) => ({
                    Component: m.FlashcardReviewPage,
                  })),
              },
              {
                path: 'learner/flashcards/stats',
                lazy: () =>
                  import('@/features/flashcards/routes/flashcard-stats').then((m) => ({
                    Component: m.FlashcardStatsPage,
                  })),
              },
              {
                path: 'learner/flashcards/:deckId',
                lazy: () =>
                  import('@/features/flashcards/routes/flashcard-deck').then((m) => ({
                    Component: m.FlashcardDeckPage,
                  })),
              },
              {
                path: 'learner/live-hub',
                loader: screenLoader(queryClient, 'liveHub'),
                lazy: withNamespaces(['live'], () =>
                  import('@/features/live/routes/live-hub').then((m) => ({ Component: m.LiveHubPage })),
                ),
              },
              {
                path: 'learner/live-hub/:sessionId',
                lazy: () =>
                  import('@/features/live-room/routes/live-room').then((m) => ({ Component: m.LiveRoomPage })),
              },
              {
                path: 'learner/course/:courseId',
                loader: screenLoader(queryClient, 'coursePlayer'),
                lazy: withNamespaces(['courses', 'notes'], async () => {
                  const [{ LearnerCoursePage }, lessonAside] = await Promise.all([
                    import('@/features/courses/routes/learner-course'),
                    lessonNotesAside(),
                  ]);
                  return { Component: () => <LearnerCoursePage lessonAside={lessonAside} /> };
                }),
              },
              {
                path: 'learner/learning-state/:courseId',
                lazy: () =>
                  import('@/features/courses/routes/learning-state').then((m) => ({ Component: m.LearningStatePage })),
              },
              {
                path: 'learner/study/:mode',
                lazy: async () => {
                  const [{ StudyPage }, { StudyReview }] = await Promise.all([
                    import('@/features/study/routes/study'),
                    import('@/features/flashcards/routes/flashcard-review'),
                  ]);
                  return { Component: () => <StudyPage reviewSession={<StudyReview />} /> };
                },
              },
              {
                path: 'subscription',
                loader: screenLoader(queryClient, 'subscription'),
                lazy: withNamespaces(['plans'], () =>
                  import('@/features/subscription/routes/subscription-overview').then((m) => ({
                    Component: m.SubscriptionOverview,
                  })),
                ),
              },
              {
                path: 'subscription/receipts/:invoiceId',
                lazy: () => import('@/features/subscription/routes/receipt').then((m) => ({ Component: m.Receipt })),
              },
              { element: <AdminGuard />, children: adminRoutes(queryClient) },
              {
                element: <ScormRoleGuard />,
                children: [
                  { path: 'scorm/studio', ...scormStudio },
                  { path: 'scorm/packages', ...scormPackages },
                  {
                    path: 'scorm/assignments',
                    lazy: () =>
                      import('@/features/scorm/routes/scorm-assignments').then((m) => ({
                        Component: m.ScormAssignments,
                      })),
                  },
                  {
                    path: 'scorm/upload',
                    lazy: () =>
                      import('@/features/scorm/routes/scorm-upload').then((m) => ({ Component: m.ScormUpload })),
                  },
                  { path: 'scorm/packages/:packageId', ...scormPackages },
                  { path: 'scorm/packages/:packageId/enrollments', ...scormPackages },
                  { path: 'scorm/packages/:packageId/analytics', ...scormPackages },
                ],
              },
            ],
          },
          // Embeds render one module's state without the dashboard chrome.
          {
            path: 'learner/learning-state-embed/:moduleId',
            lazy: () =>
              import('@/features/courses/routes/learning-state-embed').then((m) => ({
                Component: m.LearningStateEmbedPage,
              })),
          },
        ],
      },
    ],
  },
];

export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter(appRoutes(queryClient));
}
