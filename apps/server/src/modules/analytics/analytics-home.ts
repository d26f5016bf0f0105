import { HOME_CHART_DAYS, type Insight, type LearnerHome } from '@portal/shared/analytics';
import { shiftLocalDate, todayIn, weekWindow } from '@portal/shared/time-zone';
import { type Values, valuePart } from '../../read-together.ts';
import { type AnalyticsDeps, type AnalyticsSources, dailySeries, minutes } from './analytics-daily.ts';

const QUIZ_INSIGHT_DAYS = 30;
const MAX_INSIGHTS = 4;

/** The parts of the home besides its chart: course counts, goals, game, total time, the course and quiz to go back to. */
function homeParts(
  { analyticsRepository, activity }: AnalyticsDeps,
  { goals, gamification }: AnalyticsSources,
  { userId, at }: { userId: string; at: Date },
) {
  return {
    counts: analyticsRepository.courseCountsPart(userId),
    goalSummary: goals ? goals(userId) : valuePart(null),
    game: gamification ? gamification(userId) : valuePart(null),
    totalSeconds: activity.totalSecondsPart(userId),
    resume: analyticsRepository.latestCourseInProgressPart(userId),
    quiz: analyticsRepository.latestUnpassedQuizPart(userId, new Date(at.getTime() - QUIZ_INSIGHT_DAYS * 86_400_000)),
  };
}
type HomeRead = Values<ReturnType<typeof homeParts>>;

/** What the home suggests, most pressing first: the course to resume, goals and streak at risk, a quiz, the week. */
function homeInsights(
  { resume, counts, goalSummary, game, quiz }: HomeRead,
  { weekSeconds, lastWeekSeconds }: { weekSeconds: number; lastWeekSeconds: number },
): Insight[] {
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
  return insights;
}

/** The learner's home as of `at`, `today` being its local date in `timeZone`. */
export async function readHome(
  deps: AnalyticsDeps,
  { userId, timeZone, at, today }: { userId: string; timeZone: string; at: Date; today: string },
): Promise<LearnerHome> {
  // Monday of this week; both this and last week lie inside the 14 days the chart already reads.
  const weekStart = todayIn(timeZone, weekWindow(at, timeZone).start);
  const lastWeekStart = shiftLocalDate(weekStart, -7);
  const sources = deps.sources();
  const chart = dailySeries(deps, userId, {
    fromDate: shiftLocalDate(today, -(HOME_CHART_DAYS - 1)),
    toDate: today,
    timeZone,
    withLessons: false,
  });
  // One statement: every part below is answered through its own index, in one round trip.
  const read = await deps.analyticsRepository.readTogether({
    ...chart.parts,
    ...homeParts(deps, sources, { userId, at }),
  });
  const { counts, goalSummary, game, totalSeconds } = read;
  const series = { days: chart.days(read) };
  const secondsFrom = (from: string, to: string) =>
    series.days.filter((day) => day.date >= from && day.date < to).reduce((sum, day) => sum + day.seconds, 0);
  const weekSeconds = secondsFrom(weekStart, '9999-12-31');
  const lastWeekSeconds = secondsFrom(lastWeekStart, weekStart);
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
    insights: homeInsights(read, { weekSeconds, lastWeekSeconds }).slice(0, MAX_INSIGHTS),
  };
}
