import {
  type AnalyticsRangeQuery,
  HOME_CHART_DAYS,
  type Insight,
  type LearnerAnalytics,
  type LearnerHome,
} from '@portal/shared/analytics';
import {
  localDatesBetween,
  safeZone,
  shiftLocalDate,
  startOfLocalDate,
  todayIn,
  weekWindow,
} from '@portal/shared/time-zone';
import type { ActivityService } from '../activity/activity.service.ts';
import type { AnalyticsRepository } from './analytics.repository.ts';

type Range = { from: Date; to: Date; timeZone: string };

/** What other features tell the dashboard; a feature that is not there yet simply contributes nothing. */
export type AnalyticsSources = {
  goals?: (userId: string) => Promise<{
    active: number;
    averageProgress: number | null;
    atRisk: { id: string; title: string; dueDate: string | null; progress: number }[];
  }>;
  gamification?: (userId: string) => Promise<{
    totalXp: number;
    currentStreak: number;
    achievements: number;
    /** Whether today already counts for the streak. */
    streakSafeToday: boolean;
  }>;
  xpByDay?: (userId: string, range: Range) => Promise<Map<string, number>>;
};

const minutes = (seconds: number) => Math.round(seconds / 60);
const QUIZ_INSIGHT_DAYS = 30;
const MAX_INSIGHTS = 4;

export function createAnalyticsService({
  analyticsRepository,
  activity,
  timeZoneOf,
  sources,
  now = () => new Date(),
}: {
  analyticsRepository: AnalyticsRepository;
  activity: Pick<ActivityService, 'secondsByDay' | 'totalSeconds'>;
  timeZoneOf: (userId: string) => Promise<string>;
  sources: () => AnalyticsSources;
  now?: () => Date;
}) {
  const dailySeries = async (
    userId: string,
    {
      fromDate,
      toDate,
      timeZone,
      withLessons,
    }: { fromDate: string; toDate: string; timeZone: string; withLessons: boolean },
  ) => {
    const range = {
      from: startOfLocalDate(fromDate, timeZone),
      to: startOfLocalDate(shiftLocalDate(toDate, 1), timeZone),
      timeZone,
    };
    const { xpByDay } = sources();
    const [seconds, xp, lessons] = await Promise.all([
      activity.secondsByDay(userId, range),
      xpByDay ? xpByDay(userId, range) : Promise.resolve(new Map<string, number>()),
      withLessons
        ? analyticsRepository.lessonsCompletedByDay(userId, range)
        : Promise.resolve(new Map<string, number>()),
    ]);
    return {
      range,
      days: localDatesBetween(fromDate, toDate).map((date) => ({
        date,
        seconds: seconds.get(date) ?? 0,
        study_minutes: minutes(seconds.get(date) ?? 0),
        xp: xp.get(date) ?? 0,
        lessons_completed: lessons.get(date) ?? 0,
      })),
    };
  };

  return {
    async home(userId: string): Promise<LearnerHome> {
      const timeZone = safeZone(await timeZoneOf(userId));
      const at = now();
      const today = todayIn(timeZone, at);
      // Monday of this week; both this and last week lie inside the 14 days the chart already reads.
      const weekStart = todayIn(timeZone, weekWindow(at, timeZone).start);
      const lastWeekStart = shiftLocalDate(weekStart, -7);
      const { goals, gamification } = sources();
      const [counts, goalSummary, game, totalSeconds, series, resume, quiz] = await Promise.all([
        analyticsRepository.courseCounts(userId),
        goals ? goals(userId) : Promise.resolve(null),
        gamification ? gamification(userId) : Promise.resolve(null),
        activity.totalSeconds(userId),
        dailySeries(userId, {
          fromDate: shiftLocalDate(today, -(HOME_CHART_DAYS - 1)),
          toDate: today,
          timeZone,
          withLessons: false,
        }),
        analyticsRepository.latestCourseInProgress(userId),
        analyticsRepository.latestUnpassedQuiz(userId, new Date(at.getTime() - QUIZ_INSIGHT_DAYS * 86_400_000)),
      ]);
      const secondsFrom = (from: string, to: string) =>
        series.days.filter((day) => day.date >= from && day.date < to).reduce((sum, day) => sum + day.seconds, 0);
      const weekSeconds = secondsFrom(weekStart, '9999-12-31');
      const lastWeekSeconds = secondsFrom(lastWeekStart, weekStart);

      const insights: Insight[] = [];
      if (resume) {
        insights.push({
          kind: 'resume_course',
          course_id: resume.courseId,
          course_title: resume.title,
          percent: resume.percent,
          lesson_id: resume.lastLessonId,
        });
      } else if (counts.completed === 0) {
        insights.push({ kind: 'start_course' });
      }
      for (const goal of goalSummary?.atRisk.slice(0, 2) ?? []) {
        insights.push({
          kind: 'goal_at_risk',
          goal_id: goal.id,
          goal_title: goal.title,
          due_date: goal.dueDate,
          progress: goal.progress,
        });
      }
      if (game && game.currentStreak > 0 && !game.streakSafeToday) {
        insights.push({ kind: 'streak_at_risk', streak: game.currentStreak });
      }
      if (quiz) {
        insights.push({
          kind: 'retry_quiz',
          course_id: quiz.courseId,
          lesson_id: quiz.lessonId,
          lesson_title: quiz.lessonTitle,
          score: quiz.score,
          pass_mark: quiz.passMark,
        });
      }
      if (weekSeconds > 0 || lastWeekSeconds > 0) {
        insights.push({
          kind: 'week_compared',
          this_week_minutes: minutes(weekSeconds),
          last_week_minutes: minutes(lastWeekSeconds),
        });
      }

      return {
        time_zone: timeZone,
        stats: {
          active_courses: counts.active,
          current_streak: game?.currentStreak ?? 0,
          active_goals: goalSummary?.active ?? 0,
          goal_progress: goalSummary?.averageProgress ?? null,
          completed_courses: counts.completed,
          total_xp: game?.totalXp ?? 0,
          study_minutes_week: minutes(weekSeconds),
          study_minutes_total: minutes(totalSeconds),
          achievements: game?.achievements ?? 0,
        },
        daily: series.days.map(({ date, study_minutes, xp }) => ({ date, study_minutes, xp })),
        insights: insights.slice(0, MAX_INSIGHTS),
      };
    },

    async learner(userId: string, query: AnalyticsRangeQuery): Promise<LearnerAnalytics> {
      const timeZone = safeZone(await timeZoneOf(userId));
      const series = await dailySeries(userId, { fromDate: query.from, toDate: query.to, timeZone, withLessons: true });
      const [courses, quizzes] = await Promise.all([
        analyticsRepository.courseStandings(userId),
        analyticsRepository.quizResults(userId, series.range),
      ]);
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
          active_days: series.days.filter((day) => day.study_minutes > 0 || day.xp > 0 || day.lessons_completed > 0)
            .length,
        },
        daily: series.days.map(({ seconds: _seconds, ...day }) => day),
        courses: courses.map((course) => ({
          course_id: course.courseId,
          title: course.title,
          percent: course.percent,
          completed_at: course.completedAt?.toISOString() ?? null,
          last_activity_at: course.lastActivityAt.toISOString(),
        })),
        quizzes: quizzes.map((quiz) => ({
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
        })),
      };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
