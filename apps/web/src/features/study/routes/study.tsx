import { isStudyMode, STUDY_MODES } from '@portal/shared/study';
import type { Tier } from '@portal/shared/tiers';
import { Compass } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { PlanUpgrade } from '@/components/plan-upgrade';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { useStudyOverview } from '../api/get-study-overview';
import { FocusTimer } from '../components/focus-timer';
import { OpenSessionNotice } from '../components/open-session-notice';
import { PracticeSession } from '../components/practice-session';
import { MODE_ICONS, StudyModeNav } from '../components/study-mode-nav';
import { StudyWeek } from '../components/study-week';

/** `reviewSession` is the flashcard review the "review" mode runs. */
export function StudyPage({ reviewSession }: { reviewSession: ReactNode }) {
  const { t } = useTranslation('study');
  const { mode } = useParams();
  const overview = useStudyOverview();

  if (!isStudyMode(mode)) {
    return (
      <div>
        <PageHeader title={t('unknown.title')} description={t('unknown.description', { mode: mode ?? '' })} />
        <ul className="grid gap-3 sm:grid-cols-3">
          {STUDY_MODES.map((known) => {
            const Icon = MODE_ICONS[known];
            return (
              <li key={known}>
                <Link
                  to={`/dashboard/learner/study/${known}`}
                  className="flex h-full flex-col gap-1 rounded-lg border border-border bg-card p-4 hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  <span className="flex items-center gap-2 font-semibold">
                    <Icon className="size-4 text-primary" aria-hidden="true" />
                    {t(`modes.${known}.label`)}
                  </span>
                  <span className="text-sm text-muted-foreground">{t(`modes.${known}.description`)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
        <Button variant="link" className="mt-4 px-0" asChild>
          <Link to="/dashboard/learner">
            <Compass aria-hidden="true" />
            {t('unknown.home')}
          </Link>
        </Button>
      </div>
    );
  }

  const upgrade = overview.error instanceof ApiError && overview.error.code === 'subscription_required';
  const current = overview.data?.current ?? null;
  const clockOffsetMs = overview.data?.clockOffsetMs ?? 0;
  const otherOpen = current && current.mode !== mode ? current : null;
  const own = current && current.mode === mode ? current : null;

  return (
    <div>
      <PageHeader title={t('title')} description={t(`modes.${mode}.description`)} />
      <StudyModeNav />
      {overview.isPending ? <Spinner label={t('loading')} /> : null}
      {upgrade ? (
        <PlanUpgrade
          tier={((overview.error as ApiError).reasons[0] as Tier | undefined) ?? 'me'}
          feature={t('feature')}
        />
      ) : null}
      {overview.isError && !upgrade ? <Alert variant="destructive">{t('loadFailed')}</Alert> : null}
      {overview.data ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="flex min-w-0 flex-col gap-4">
            {otherOpen ? <OpenSessionNotice session={otherOpen} /> : null}
            {mode === 'focus' && !otherOpen ? <FocusTimer session={own} clockOffsetMs={clockOffsetMs} /> : null}
            {mode === 'practice' && !otherOpen ? <PracticeSession session={own} clockOffsetMs={clockOffsetMs} /> : null}
            {mode === 'review' ? reviewSession : null}
          </div>
          <StudyWeek overview={overview.data} />
        </div>
      ) : null}
    </div>
  );
}
