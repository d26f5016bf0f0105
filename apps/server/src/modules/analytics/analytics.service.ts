import type { AnalyticsRangeQuery, LearnerAnalytics, LearnerHome } from '@portal/shared/analytics';
import { safeZone, todayIn } from '@portal/shared/time-zone';
import type { ChangeCache } from '../../change-cache.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { AnalyticsRepository } from './analytics.repository.ts';
import { type AnalyticsDeps, type AnalyticsSources, dailySeries } from './analytics-daily.ts';
import { readHome } from './analytics-home.ts';

export type { AnalyticsSources } from './analytics-daily.ts';

/** A learner's home as read on one local day; a home kept from another day is read again. */
export type KeptHome = { today: string; home: LearnerHome };

type CourseStanding = Awaited<ReturnType<AnalyticsRepository['courseStandings']>>[number];
type QuizResult = Awaited<ReturnType<AnalyticsRepository['quizResults']>>[number];

const presentCourseStanding = (course: CourseStanding) => ({
  course_id: course.courseId,
  title: course.title,
  percent: course.percent,
  completed_at: course.completedAt?.toISOString() ?? null,
  last_activity_at: course.lastActivityAt.toISOString(),
});

const presentQuizResult = (quiz: QuizResult) => ({
  course_id: quiz.courseId,
  lesson_id: quiz.lessonId,
  lesson_title: quiz.lessonTitle,
  course_title: quiz.courseTitle,
  best_score: quiz.bestScore,
  last_score: quiz.lastScore,
  pass_mark: quiz.passMark,
  passed: quiz.passed,
  attempts: quiz.attempts,
  last_attempt_at: quiz.lastAttemptAt.toISOString(),
});

/** The learner's analytics over a range of local dates: totals, days, courses and quizzes. */
async function readLearnerAnalytics(
  deps: AnalyticsDeps,
  { userId, timeZone, query }: { userId: string; timeZone: string; query: AnalyticsRangeQuery },
): Promise<LearnerAnalytics> {
  const { analyticsRepository } = deps;
  const chart = dailySeries(deps, userId, { fromDate: query.from, toDate: query.to, timeZone, withLessons: true });
  const [read, courses, quizzes] = await Promise.all([
    analyticsRepository.readTogether(chart.parts),
    analyticsRepository.courseStandings(userId),
    analyticsRepository.quizResults(userId, chart.range),
  ]);
  const series = { days: chart.days(read) };
  const sum = (pick: (day: (typeof series.days)[number]) => number) =>
    series.days.reduce((total, day) => total + pick(day), 0);
  return {
    time_zone: timeZone,
    from: query.from,
    to: query.to,
    totals: {
      study_minutes: sum((day) => day.study_minutes),
      xp: sum((day) => day.xp),
      lessons_completed: sum((day) => day.lessons_completed),
      quizzes_taken: quizzes.reduce((total, quiz) => total + quiz.attempts, 0),
      active_days: series.days.filter((day) => day.study_minutes > 0 || day.xp > 0 || day.lessons_completed > 0).length,
    },
    daily: series.days.map(({ seconds: _seconds, ...day }) => day),
    courses: courses.map(presentCourseStanding),
    quizzes: quizzes.map(presentQuizResult),
  };
}

export function createAnalyticsService({
  analyticsRepository,
  activity,
  timeZoneOf,
  sources,
  homes,
  now = () => new Date(),
}: {
  analyticsRepository: AnalyticsRepository;
  activity: Pick<ActivityService, 'secondsByDayPart' | 'totalSecondsPart'>;
  timeZoneOf: (userId: string) => Promise<string>;
  sources: () => AnalyticsSources;
  /** Homes kept until a change to the learner's rows is noticed; without it every home is read afresh. */
  homes?: Pick<ChangeCache<KeptHome>, 'get' | 'drop'>;
  now?: () => Date;
}) {
  const deps: AnalyticsDeps = { analyticsRepository, activity, sources };
  return {
    async home(userId: string): Promise<LearnerHome> {
      const timeZone = safeZone(await timeZoneOf(userId));
      const at = now();
      const today = todayIn(timeZone, at);
      if (!homes) return readHome(deps, { userId, timeZone, at, today });
      const keep = async () => ({ today, home: await readHome(deps, { userId, timeZone, at, today }) });
      const kept = await homes.get(userId, keep);
      if (kept.today === today && kept.home.time_zone === timeZone) return kept.home;
      // Kept before midnight (or before a new time zone reached this instance): the days and streak have moved on.
      homes.drop(userId);
      return (await homes.get(userId, keep)).home;
    },

    async learner(userId: string, query: AnalyticsRangeQuery): Promise<LearnerAnalytics> {
      const timeZone = safeZone(await timeZoneOf(userId));
      return readLearnerAnalytics(deps, { userId, timeZone, query });
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
