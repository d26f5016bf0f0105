import type { CoachLanguage } from '@portal/shared/coach';
import type { Goal } from '@portal/shared/goals';
import { TIERS, type Tier, tierRank } from '@portal/shared/tiers';
import { startOfLocalDate, todayIn, weekWindow } from '@portal/shared/time-zone';
import type { CoachTurn, LearnerSummary } from './coach.provider.ts';
import type { PendingQuiz } from './coach.table.ts';
import type { CoachContextRepository } from './coach-context.repository.ts';
import { topicTerms } from './coach-intents.ts';

/** What other modules tell the coach about one learner. */
export type CoachSources = {
  goalsOf: (userId: string) => Promise<Goal[]>;
  statsOf: (
    userId: string,
  ) => Promise<{ totalXp: number; level: number; streak: { current: number; longest: number; todayDone: boolean } }>;
  studySecondsBetween: (userId: string, window: { from: Date; to: Date }) => Promise<number>;
  timeZoneOf: (userId: string) => Promise<string>;
  tierOf: (userId: string) => Promise<Tier | null>;
  /** Live sessions the learner hosts or answered going or maybe to (their calendar's live entries). */
  liveSessionsOf: (userId: string) => Promise<{ title: string; start: Date; url?: string }[]>;
};

/** How far ahead the coach looks for live sessions, and how many it mentions. */
const LIVE_AHEAD_MS = 7 * 86_400_000;
const LIVE_SESSIONS_SHOWN = 3;

/** The tiers whose courses a learner on `tier` may read. */
export const tiersUpTo = (tier: Tier | null): Tier[] =>
  TIERS.filter((candidate) => tierRank(candidate) <= tierRank(tier ?? 'calm'));

type ContextDeps = { repository: CoachContextRepository; sources: CoachSources; now: () => Date };

/** The learner's live sessions in the coming week, soonest first. */
function upcomingLive(live: Awaited<ReturnType<CoachSources['liveSessionsOf']>>, at: Date) {
  return live
    .filter((entry) => entry.start >= at && entry.start.getTime() - at.getTime() <= LIVE_AHEAD_MS)
    .sort((one, other) => one.start.getTime() - other.start.getTime())
    .slice(0, LIVE_SESSIONS_SHOWN)
    .map((entry) => ({ title: entry.title, startsAt: entry.start, url: entry.url ?? '' }));
}

function activeGoals(goals: Goal[]): LearnerSummary['goals'] {
  return goals
    .filter((goal) => goal.status === 'active')
    .map((goal) => ({
      title: goal.title,
      kind: goal.kind,
      percent: goal.progress.percent,
      atRisk: goal.at_risk,
      dueDate: goal.due_date,
      targetMinutes: goal.target_minutes,
    }));
}

async function readSummary(
  { repository, sources, now }: ContextDeps,
  userId: string,
  tiers: Tier[],
): Promise<LearnerSummary> {
  const at = now();
  const timeZone = await sources.timeZoneOf(userId);
  const today = todayIn(timeZone, at);
  const week = weekWindow(at, timeZone);
  const [cards, goals, stats, weekSeconds, todaySeconds, weakLessons, inProgress, live] = await Promise.all([
    repository.cardStats(userId, at),
    sources.goalsOf(userId),
    sources.statsOf(userId),
    sources.studySecondsBetween(userId, { from: week.start, to: at }),
    sources.studySecondsBetween(userId, { from: startOfLocalDate(today, timeZone), to: at }),
    repository.weakLessons(userId, tiers),
    repository.coursesInProgress(userId, tiers),
    sources.liveSessionsOf(userId),
  ]);
  return {
    timeZone,
    today,
    cards,
    goals: activeGoals(goals),
    streak: stats.streak,
    xp: { total: stats.totalXp, level: stats.level },
    studyMinutes: { today: Math.round(todaySeconds / 60), week: Math.round(weekSeconds / 60) },
    weakLessons,
    liveSessions: upcomingLive(live, at),
    inProgress,
  };
}

export function createCoachContextService(deps: {
  repository: CoachContextRepository;
  sources: CoachSources;
  now: () => Date;
}) {
  const { repository, sources } = deps;
  return {
    summary: async (userId: string) => readSummary(deps, userId, tiersUpTo(await sources.tierOf(userId))),

    /** Everything one answer may draw on: the learner's own data and the lessons their plan opens. */
    async turn(input: {
      userId: string;
      language: CoachLanguage;
      message: string;
      history: CoachTurn['history'];
      pendingQuiz: PendingQuiz | null;
    }): Promise<CoachTurn> {
      const tiers = tiersUpTo(await sources.tierOf(input.userId));
      const topic = topicTerms(input.message);
      const [learner, found, cards] = await Promise.all([
        readSummary(deps, input.userId, tiers),
        repository.searchLessons(topic, input.language, tiers),
        repository.cardsAbout(input.userId, topic),
      ]);
      // Without a subject, the lessons the learner struggles with are what the answer is about.
      const weakIds = learner.weakLessons.map((lesson) => lesson.lessonId);
      const hits = found.length || topic.length ? found : await repository.findLessons(weakIds, tiers);
      // A quiz may also come from the other quizzes of the courses found, or of the learner's current courses.
      const courseIds = topic.length
        ? found.map((hit) => hit.courseId)
        : [...hits.map((hit) => hit.courseId), ...learner.inProgress.map((course) => course.courseId)];
      const courseQuizzes = await repository.quizLessonsOf([...new Set(courseIds)], tiers);
      return {
        language: input.language,
        message: input.message,
        history: input.history,
        learner,
        passages: hits.map((hit, index) => ({ ...hit, ref: `P${index + 1}` })),
        courseQuizzes,
        cards,
        topic,
        pendingQuiz: input.pendingQuiz,
      };
    },
  };
}
export type CoachContextService = ReturnType<typeof createCoachContextService>;
