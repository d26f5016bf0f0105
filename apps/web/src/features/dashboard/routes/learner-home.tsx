import { BookOpen, Clock, Flame, Goal, GraduationCap, Target, Trophy, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useMe } from '@/lib/auth';
import { dayPart } from '../components/greeting';
import { WelcomeDialog } from '../components/welcome-dialog';

const STATS = [
  { key: 'activeCourses', icon: BookOpen },
  { key: 'currentStreak', icon: Flame },
  { key: 'activeGoals', icon: Target },
  { key: 'goalProgress', icon: Goal },
  { key: 'completedCourses', icon: GraduationCap },
  { key: 'totalXp', icon: Zap },
  { key: 'studyTime', icon: Clock },
  { key: 'achievements', icon: Trophy },
] as const;

export function LearnerHome() {
  const { t } = useTranslation('dashboard');
  const { data: me } = useMe();
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const firstName = me?.user.name.split(' ')[0] ?? '';
  return (
    <div className="flex flex-col gap-8">
      {me ? <WelcomeDialog userId={me.user.id} /> : null}
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">
          {t(`home.greeting.${dayPart(new Date(), timeZone)}`, { name: firstName })}
        </h1>
        <p className="mt-1 text-muted-foreground">{t('home.subtitle')}</p>
      </div>
      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading" className="sr-only">
          {t('home.statsHeading')}
        </h2>
        <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {STATS.map((stat) => (
            <li key={stat.key}>
              <Card className="flex items-center gap-3 p-4">
                <span className="rounded-md bg-accent p-2">
                  <stat.icon className="size-5 text-primary" aria-hidden="true" />
                </span>
                <span className="flex flex-col">
                  <span className="text-sm text-muted-foreground">{t(`home.stats.${stat.key}`)}</span>
                  <span className="text-lg font-semibold">
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">{t('home.noDataYet')}</span>
                  </span>
                </span>
              </Card>
            </li>
          ))}
        </ul>
      </section>
      <EmptyState
        icon={BookOpen}
        title={t('home.emptyTitle')}
        description={t('home.emptyDescription')}
        action={
          <Button asChild>
            <Link to="/dashboard/learner/courses">{t('home.browseCourses')}</Link>
          </Button>
        }
      />
    </div>
  );
}
