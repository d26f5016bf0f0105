import type { Insight } from '@portal/shared/analytics';
import { AlertTriangle, BookOpenCheck, Compass, Flame, type LucideIcon, RotateCcw, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useFormatMinutes } from '@/lib/format-duration';
import { useDisplayFormats } from '@/lib/profile';

type Presented = { icon: LucideIcon; text: string; action?: { label: string; to: string } };

function usePresentInsight() {
  const { t } = useTranslation('dashboard');
  const minutes = useFormatMinutes();
  const { formatLocalDate } = useDisplayFormats();
  return (insight: Insight): Presented => {
    switch (insight.kind) {
      case 'resume_course':
        return {
          icon: BookOpenCheck,
          text: t('home.insights.resume', { course: insight.course_title, percent: insight.percent }),
          action: {
            label: t('home.insights.resumeAction'),
            to: `/dashboard/learner/course/${insight.course_id}${insight.lesson_id ? `?lesson=${insight.lesson_id}` : ''}`,
          },
        };
      case 'start_course':
        return {
          icon: Compass,
          text: t('home.insights.start'),
          action: { label: t('home.browseCourses'), to: '/dashboard/learner/courses' },
        };
      case 'goal_at_risk':
        return {
          icon: AlertTriangle,
          text: insight.due_date
            ? t('home.insights.goalAtRiskDue', {
                goal: insight.goal_title,
                progress: insight.progress,
                date: formatLocalDate(insight.due_date),
              })
            : t('home.insights.goalAtRisk', { goal: insight.goal_title, progress: insight.progress }),
          action: { label: t('home.insights.goalAction'), to: '/dashboard/learner/goals' },
        };
      case 'streak_at_risk':
        return {
          icon: Flame,
          text: t('home.insights.streak', { count: insight.streak }),
          action: { label: t('home.insights.streakAction'), to: '/dashboard/learner/study/focus' },
        };
      case 'retry_quiz':
        return {
          icon: RotateCcw,
          text: t('home.insights.retryQuiz', {
            lesson: insight.lesson_title,
            score: insight.score,
            passMark: insight.pass_mark,
          }),
          action: {
            label: t('home.insights.retryAction'),
            to: `/dashboard/learner/course/${insight.course_id}?lesson=${insight.lesson_id}`,
          },
        };
      case 'week_compared':
        return {
          icon: TrendingUp,
          text: t('home.insights.week', {
            thisWeek: minutes(insight.this_week_minutes),
            lastWeek: minutes(insight.last_week_minutes),
          }),
        };
    }
  };
}

/** What the learner's own data suggests doing next. */
export function InsightList({ insights }: { insights: Insight[] }) {
  const present = usePresentInsight();
  return (
    <ul className="flex flex-col divide-y divide-border">
      {insights.map((insight) => {
        const { icon: Icon, text, action } = present(insight);
        return (
          <li
            key={`${insight.kind}-${'course_id' in insight ? insight.course_id : ''}${'goal_id' in insight ? insight.goal_id : ''}`}
            className="flex flex-wrap items-center gap-3 py-3"
          >
            <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
            <p className="min-w-0 flex-1 text-sm">{text}</p>
            {action ? (
              <Button asChild variant="outline" size="sm">
                <Link to={action.to}>{action.label}</Link>
              </Button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
