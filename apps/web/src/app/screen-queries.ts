import type { AnyQueryOptions, ScreenLocation } from './route-preload';

/**
 * The queries each dashboard screen asks for when it opens, for its route loader (see `screenLoader` in
 * route-preload.ts). Each screen imports only its own API modules (which its code imports too, so nothing is
 * downloaded twice), keeping every screen's API calls out of the entry. Screens whose filters live in the URL are
 * prefetched as their navigation link opens them (no search parameters); a filtered address is left to the screen.
 */
export const SCREEN_QUERIES = {
  catalogue: async ({ search }) => {
    if (search.size > 0) return [];
    const { catalogueQueryOptions } = await import('@/features/courses/api/get-catalogue');
    return [catalogueQueryOptions({ access: 'all' })];
  },
  coursePlayer: async ({ params, search }) => {
    const [{ courseOutlineQueryOptions }, { lessonQueryOptions }] = await Promise.all([
      import('@/features/courses/api/get-course-outline'),
      import('@/features/courses/api/get-lesson'),
    ]);
    const lessonId = search.get('lesson');
    return [courseOutlineQueryOptions(params.courseId ?? ''), ...(lessonId ? [lessonQueryOptions(lessonId)] : [])];
  },
  goals: async () => {
    const { goalsQueryOptions } = await import('@/features/goals/api/get-goals');
    return [goalsQueryOptions()];
  },
  notes: async ({ search }) => {
    if (search.size > 0) return [];
    const { notesQueryOptions } = await import('@/features/notes/api/get-notes');
    return [notesQueryOptions({})];
  },
  flashcards: async () => {
    const { decksQueryOptions } = await import('@/features/flashcards/api/get-decks');
    return [decksQueryOptions()];
  },
  gamification: async () => {
    const api = await Promise.all([
      import('@/features/gamification/api/get-gamification-stats'),
      import('@/features/gamification/api/get-streaks'),
      import('@/features/gamification/api/get-badges'),
      import('@/features/gamification/api/get-achievements'),
      import('@/features/gamification/api/get-shop'),
    ]);
    const [stats, streaks, badges, achievements, shop] = api;
    return [
      stats.gamificationStatsQueryOptions(),
      streaks.streaksQueryOptions(),
      badges.badgesQueryOptions(),
      achievements.achievementsQueryOptions(),
      shop.shopQueryOptions(),
    ];
  },
  liveHub: async ({ search }) => {
    if (search.size > 0) return [];
    const { liveHubQueryOptions } = await import('@/features/live/api/get-live-hub');
    return [liveHubQueryOptions('all')];
  },
  coach: async () => {
    const [{ coachOverviewQueryOptions }, { conversationsQueryOptions }] = await Promise.all([
      import('@/features/coach/api/get-coach-overview'),
      import('@/features/coach/api/get-conversations'),
    ]);
    return [coachOverviewQueryOptions(), conversationsQueryOptions()];
  },
  settings: async () => {
    const [{ profileQueryOptions }, { consentQueryOptions }] = await Promise.all([
      import('@/lib/profile'),
      import('@/features/consent/api/get-consent'),
    ]);
    return [profileQueryOptions(), consentQueryOptions()];
  },
  subscription: async () => {
    const [{ subscriptionDetailsQueryOptions }, { sharedPlanQueryOptions }] = await Promise.all([
      import('@/features/subscription/api/get-subscription-details'),
      import('@/features/subscription/api/get-shared-plan'),
    ]);
    return [subscriptionDetailsQueryOptions(), sharedPlanQueryOptions()];
  },
  adminHome: async () => {
    const { adminOverviewQueryOptions, DEFAULT_OVERVIEW_RANGE } = await import(
      '@/features/admin-home/api/get-admin-overview'
    );
    return [adminOverviewQueryOptions(DEFAULT_OVERVIEW_RANGE)];
  },
  adminUsers: async ({ search }) => {
    if (search.size > 0) return [];
    const { adminUsersQueryOptions } = await import('@/features/admin-users/api/get-admin-users');
    return [adminUsersQueryOptions({})];
  },
  adminCourses: async () => {
    const { adminCoursesQueryOptions } = await import('@/features/admin-courses/api/get-admin-courses');
    return [adminCoursesQueryOptions()];
  },
  adminAnalytics: async () => {
    const [{ adminAnalyticsQueryOptions, defaultAnalyticsFilters }, { atRiskLearnersQueryOptions }] = await Promise.all(
      [
        import('@/features/admin-analytics/api/get-admin-analytics'),
        import('@/features/admin-analytics/api/get-at-risk-learners'),
      ],
    );
    return [adminAnalyticsQueryOptions(defaultAnalyticsFilters()), atRiskLearnersQueryOptions(null)];
  },
} satisfies Record<string, (location: ScreenLocation) => Promise<AnyQueryOptions[]>>;

export type ScreenName = keyof typeof SCREEN_QUERIES;
