export { learningTimeHourly, learningTimeTotals } from '../modules/activity/activity.table.ts';
export { learnerNudges } from '../modules/admin-analytics/admin-analytics.table.ts';
export { learnerActiveDays, learnerActivityByDay } from '../modules/admin-overview/learner-active-days.table.ts';
export { accountStates } from '../modules/admin-users/admin-users.table.ts';
export { auditEvents } from '../modules/audit/audit.table.ts';
export { accounts, sessions, twoFactors, users, verifications } from '../modules/auth/auth.table.ts';
export { userRoles } from '../modules/auth/roles.table.ts';
export { signInLockouts } from '../modules/auth/sign-in-lockout.table.ts';
export { betaUpdateReceipts, betaUpdates } from '../modules/beta/beta.table.ts';
export { billingCheckoutSessions, billingEvents, billingInvoices } from '../modules/billing/billing.table.ts';
export { billingCustomers } from '../modules/billing/billing-customers.table.ts';
export { couponRedemptions, coupons } from '../modules/billing/coupons.table.ts';
export { sharedPlanSeats } from '../modules/billing/seats.table.ts';
export { sandboxPaymentMethods, subscriptionSchedules } from '../modules/billing/subscription-management.table.ts';
export { calendarFeeds } from '../modules/calendar/calendar.table.ts';
export { coachConversations, coachDailyUsage, coachMessages } from '../modules/coach/coach.table.ts';
export { userConsent } from '../modules/consent/consent.table.ts';
export { contactMessages, contactReplies } from '../modules/contact/contact.table.ts';
// What a lesson's content column holds, for the repositories and seeds that read or write it.
export type { StoredLessonContent, StoredQuizQuestion } from '../modules/courses/courses.table.ts';
export { courseModules, courses, lessons } from '../modules/courses/courses.table.ts';
export { domainEvents } from '../modules/events/domain-events.table.ts';
export {
  flashcardCards,
  flashcardDecks,
  flashcardNotes,
  flashcardReviewLogs,
  flashcardSettings,
} from '../modules/flashcards/flashcards.table.ts';
export { flashcardOptimizerRuns } from '../modules/flashcards/flashcards-optimizer.table.ts';
export { gameBests, gameRounds } from '../modules/games/games.table.ts';
export {
  achievements,
  gamificationSettings,
  purchases,
  shopItems,
  streakFreezeDays,
  streaks,
  userBadges,
  userXp,
  xpAccounts,
  xpAwardCounts,
} from '../modules/gamification/gamification.table.ts';
export { goalChecklistItems, goals } from '../modules/goals/goals.table.ts';
export {
  liveInvites,
  liveRemindersSent,
  liveRsvps,
  liveSeries,
  liveSessions,
} from '../modules/live/live.table.ts';
export {
  liveAttendance,
  liveChatMessages,
  livePolls,
  livePollVotes,
  liveRoomParticipants,
  liveRoomState,
} from '../modules/live-room/live-room.table.ts';
export { mailOutbox } from '../modules/mail/mail.table.ts';
export { notes } from '../modules/notes/notes.table.ts';
export { profiles } from '../modules/profile/profile.table.ts';
export { courseProgress, lessonProgress, moduleCompletions, quizAttempts } from '../modules/progress/progress.table.ts';
export {
  scormAttemptData,
  scormAttempts,
  scormEnrollments,
  scormInteractions,
  scormObjectives,
  scormPackages,
  scormScos,
  scormSequencingStates,
} from '../modules/scorm/scorm.table.ts';
export { scormSharedData } from '../modules/scorm/scorm-shared-data.table.ts';
export { ssoProviderDomains, ssoProviders } from '../modules/sso/sso.table.ts';
export { studySessions } from '../modules/study/study.table.ts';
export { subscriptions } from '../modules/subscription/subscription.table.ts';
export { rateLimitHits } from '../plugins/rate-limit.table.ts';
