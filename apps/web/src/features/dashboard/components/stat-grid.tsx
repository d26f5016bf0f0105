import type { DashboardStats } from '@portal/shared/analytics';
import type { TFunction } from 'i18next';
import { BookOpen, Clock, Flame, Goal, GraduationCap, Target, Trophy, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { useFormatMinutes } from '@/lib/format-duration';
import { numberFormat } from '@/lib/intl-formats';

type Formatters = { t: TFunction<'dashboard'>; number: (value: number) => string; minutes: (value: number) => string };

const STATS = [
  { key: 'activeCourses', icon: BookOpen, value: (s: DashboardStats, f: Formatters) => f.number(s.active_courses) },
  { key: 'currentStreak', icon: Flame, value: (s, f) => f.t('home.days', { count: s.current_streak }) },
  { key: 'activeGoals', icon: Target, value: (s, f) => f.number(s.active_goals) },
  {
    key: 'goalProgress',
    icon: Goal,
    value: (s, f) => (s.goal_progress === null ? f.t('home.noGoals') : `${s.goal_progress}%`),
  },
  { key: 'completedCourses', icon: GraduationCap, value: (s, f) => f.number(s.completed_courses) },
  { key: 'totalXp', icon: Zap, value: (s, f) => f.number(s.total_xp) },
  {
    key: 'studyTime',
    icon: Clock,
    value: (s, f) => f.minutes(s.study_minutes_week),
    detail: (s: DashboardStats, f: Formatters) =>
      f.t('home.studyTimeDetail', { total: f.minutes(s.study_minutes_total) }),
  },
  { key: 'achievements', icon: Trophy, value: (s, f) => f.number(s.achievements) },
] as const satisfies ReadonlyArray<{
  key: string;
  icon: typeof BookOpen;
  value: (stats: DashboardStats, format: Formatters) => string;
  detail?: (stats: DashboardStats, format: Formatters) => string;
}>;

/** The eight numbers of the learner home; a dash with a spoken "no data yet" while they load. */
export function StatGrid({ stats }: { stats: DashboardStats | undefined }) {
  const { t, i18n } = useTranslation('dashboard');
  const minutes = useFormatMinutes();
  const numbers = numberFormat(i18n.resolvedLanguage);
  const format: Formatters = { t, number: (value) => numbers.format(value), minutes };
  return (
    // Four across where there is room for them at the reader's text size (a container query, in rem), else two.
    <div className="@container">
      <ul className="grid grid-cols-2 gap-4 @4xl:grid-cols-4">
        {STATS.map((stat) => (
          <li key={stat.key} className="@container">
            <Card className="flex h-full flex-col items-start gap-3 p-4 @[13rem]:flex-row @[13rem]:items-center">
              <span className="rounded-md bg-accent p-2">
                <stat.icon className="size-5 text-primary" aria-hidden="true" />
              </span>
              <span className="flex min-w-0 flex-col">
                <span className="hyphens-auto text-sm text-muted-foreground [overflow-wrap:anywhere]">
                  {t(`home.stats.${stat.key}`)}
                </span>
                <span className="text-lg font-semibold">
                  {stats ? (
                    stat.value(stats, format)
                  ) : (
                    <>
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">{t('home.noDataYet')}</span>
                    </>
                  )}
                </span>
                {stats && 'detail' in stat ? (
                  <span className="text-xs text-muted-foreground">{stat.detail(stats, format)}</span>
                ) : null}
              </span>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
