import { localDatesBetween, shiftLocalDate, startOfLocalDate } from '@portal/shared/time-zone';
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

export type AnalyticsDeps = {
  analyticsRepository: AnalyticsRepository;
  activity: Pick<ActivityService, 'secondsByDayPart' | 'totalSecondsPart'>;
  sources: () => AnalyticsSources;
};

export const minutes = (seconds: number) => Math.round(seconds / 60);

/** The parts of a daily series between two local dates (inclusive) and how to lay them out day by day. */
export function dailySeries(
  { analyticsRepository, activity, sources }: AnalyticsDeps,
  userId: string,
  {
    fromDate,
    toDate,
    timeZone,
    withLessons,
  }: { fromDate: string; toDate: string; timeZone: string; withLessons: boolean },
) {
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
}
