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
import type { ChangeCache } from '../../change-cache.ts';
import { type ReadPart, valuePart } from '../../read-together.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { AnalyticsRepository } from './analytics.repository.ts';

type Range = { from: Date; to: Date; timeZone: string };

/**
 * What other features tell the dashboard, as parts the dashboard reads together with its own in one statement; a
 * feature that is not there yet simply contributes nothing.
 */
export type AnalyticsSources = {
  goals?: (userId: string) => ReadPart<
    Promise<{
      active: number;
      averageProgress: number | null;
      atRisk: { id: string; title: string; dueDate: string | null; progress: number }[];
    }>
  >;
  gamification?: (userId: string) => ReadPart<
    Promise<{
      totalXp: number;
      currentStreak: number;
      achievements: number;
      /** Whether today already counts for the streak. */
      streakSafeToday: boolean;
    }>
  >;
  xpByDay?: (userId: string, range: Range) => ReadPart<Map<string, number>>;
};

/** A learner's home as read on one local day; a home kept from another day is read again. */
export type KeptHome = { today: string; home: LearnerHome };

const minutes = (seconds: number) => Math.round(seconds / 60);
const QUIZ_INSIGHT_DAYS = 30;
const MAX_INSIGHTS = 4;

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
  /** The parts of a daily series between two local dates (inclusive) and how to lay them out day by day. */
  const dailySeries = (
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
    const none = valuePart(new Map<string, number>());
    return {
      range,
      parts: {
        seconds: activity.secondsByDayPart(userId, range),
        xp: xpByDay ? xpByDay(userId, range) : none,
        lessons: withLessons ? analyticsRepository.lessonsCompletedByDayPart(userId, range) : none,
      },
      days: ({ seconds, xp, lessons }: Record<'seconds' | 'xp' | 'lessons', Map<string, number>>) =>
        localDatesBetween(fromDate, toDate).map((date) => ({
          date,
          seconds: seconds.get(date) ?? 0,
          study_minutes: minutes(seconds.get(date) ?? 0),
          xp: xp.get(date) ?? 0,
          lessons_completed: lessons.get(date) ?? 0,
        })),
    };
  };

  async function readHome(userId: string, timeZone: string, at: Date, today: string): Promise<LearnerHome> {
    // Monday of this week; both this and last week lie inside the 14 days the chart already reads.
    const weekStart = todayIn(timeZone, weekWindow(at, timeZone).start);
    const lastWeekStart = shiftLocalDate(weekStart, -7);
    const { goals, gamification } = sources();
    const chart = dailySeries(userId, {
      fromDate: shiftLocalDate(today, -(HOME_CHART_DAYS - 1)),
      toDate: today,
      timeZone,
      withLessons: false,
    });
    // One statement: every part below is answered through its own index, in one round trip.
    const read = await analyticsRepository.readTogether({
      ...chart.parts,
      counts: analyticsRepository.courseCountsPart(userId),
      goalSummary: goals ? goals(userId) : valuePart(null),
      game: gamification ? gamification(userId) : valuePart(null),
      totalSeconds: activity.totalSecondsPart(userId),
      resume: analyticsRepository.latestCourseInProgressPart(userId),
      quiz: analyticsRepository.latestUnpassedQuizPart(userId, new Date(at.getTime() - QUIZ_INSIGHT_DAYS * 86_400_000)),
    });
    const { counts, goalSummary, game, totalSeconds, resume, quiz } = read;
    const series = { days: chart.days(read) };
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
  }

  return {
    async home(userId: string): Promise<LearnerHome> {
      const timeZone = safeZone(await timeZoneOf(userId));
      const at = now();
      const today = todayIn(timeZone, at);
      if (!homes) return readHome(userId, timeZone, at, today);
      const keep = async () => ({ today, home: await readHome(userId, timeZone, at, today) });
      const kept = await homes.get(userId, keep);
      if (kept.today === today && kept.home.time_zone === timeZone) return kept.home;
      // Kept before midnight (or before a new time zone reached this instance): the days and streak have moved on.
      homes.drop(userId);
      return (await homes.get(userId, keep)).home;
    },

    async learner(userId: string, query: AnalyticsRangeQuery): Promise<LearnerAnalytics> {
      const timeZone = safeZone(await timeZoneOf(userId));
      const chart = dailySeries(userId, { fromDate: query.from, toDate: query.to, timeZone, withLessons: true });
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
