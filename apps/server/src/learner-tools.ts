import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { AccountErasure } from './modules/account-data/account-erasure.ts';
import type { AuditService } from './modules/audit/audit.service.ts';
import { registerCoach } from './modules/coach/coach.module.ts';
import type { DomainEvents } from './modules/events/domain-events.ts';
import type { BlobStore } from './modules/files/blob-store.ts';
import { registerFlashcards } from './modules/flashcards/flashcards.module.ts';
import { registerGames } from './modules/games/games.module.ts';
import type { GamificationService } from './modules/gamification/gamification.service.ts';
import type { GoalsService } from './modules/goals/goals.service.ts';
import { registerLive } from './modules/live/live.module.ts';
import { registerLiveRoom } from './modules/live-room/live-room.module.ts';
import type { Mailer } from './modules/mail/mail.service.ts';
import type { ProgressService } from './modules/progress/progress.service.ts';
import type { SubscriptionService } from './modules/subscription/subscription.service.ts';
import type { Clock } from './plugins/jobs.ts';

type CoachSources = Parameters<typeof registerCoach>[1]['sources'];

type LearnerToolsDeps = {
  db: Db;
  config: Config;
  domainEvents: DomainEvents;
  mailer: Mailer;
  auditService: AuditService;
  subscriptionService: SubscriptionService;
  progressService: ProgressService;
  goalsService: GoalsService;
  gamificationService: GamificationService;
  blobStore: BlobStore;
  erasure: AccountErasure;
  /** Everyone on the user's shared plan (billing's seats). */
  planMembersOf: (userId: string) => Promise<string[]>;
  clock: Clock;
  timeZoneOf: (userId: string) => Promise<string>;
  /** Seconds the learner studied in the window: lessons, SCORM and focused study sessions. */
  studySecondsBetween: (userId: string, window: { from: Date; to: Date }) => Promise<number>;
};

/**
 * The learner's study tools beyond courses: flashcards, games made from their own content, the live hub and its
 * rooms, and the study coach, which reads all of them.
 */
export async function registerLearnerTools(app: FastifyInstance, deps: LearnerToolsDeps) {
  const { db, domainEvents, subscriptionService, progressService, goalsService, clock } = deps;
  const now = () => clock.now();
  const flashcards = await registerFlashcards(app, {
    db,
    domainEvents,
    timeZoneOf: deps.timeZoneOf,
    getSubscription: (userId) => subscriptionService.getStatus(userId),
    auditService: deps.auditService,
    checkLessonAccess: async (viewer, lessonId) => {
      const { lesson } = await progressService.checkLessonAccess(viewer, lessonId);
      return { courseId: lesson.courseId, title: lesson.title };
    },
    blobStore: deps.blobStore,
    erasure: deps.erasure,
  });
  await registerGames(app, { db, domainEvents, progressService, ...flashcards, subscriptionService, clock });
  const live = await registerLive(app, {
    db,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    timeZoneOf: deps.timeZoneOf,
    planMembersOf: deps.planMembersOf,
  });
  await registerLiveRoom(app, { db, domainEvents, iceServers: deps.config.liveIceServers, now });
  await registerCoach(app, {
    db,
    settings: deps.config.coach,
    sources: coachSources(deps, live),
    flashcards: {
      deckNamed: (userId, name) => flashcards.sourcesService.deckNamed(userId, name),
      addCard: async (userId, card) => {
        await flashcards.flashcardsService.createNote(userId, card);
      },
    },
    addGoal: async (userId, body) => {
      await goalsService.create(userId, body);
    },
    now,
  });
}

/** What the coach reads of the learner: goals, XP and streak, study time, plan and live sessions. */
function coachSources(deps: LearnerToolsDeps, live: Awaited<ReturnType<typeof registerLive>>): CoachSources {
  const { goalsService, gamificationService, subscriptionService } = deps;
  return {
    goalsOf: async (userId) => (await goalsService.list(userId)).goals,
    statsOf: async (userId) => {
      const stats = await gamificationService.getStats(userId);
      const { current, longest, today_done: todayDone } = stats.streak;
      return { totalXp: stats.total_xp, level: stats.level.level, streak: { current, longest, todayDone } };
    },
    studySecondsBetween: deps.studySecondsBetween,
    timeZoneOf: deps.timeZoneOf,
    tierOf: async (userId) => {
      const status = await subscriptionService.getStatus(userId);
      return status.subscribed ? status.subscription_tier : null;
    },
    liveSessionsOf: (userId) => live.live.calendarEntries(userId),
  };
}
