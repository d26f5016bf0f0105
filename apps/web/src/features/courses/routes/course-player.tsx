import { ArrowLeft, GraduationCap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LanguageSwitcher } from '@/components/language-switcher';
import { Brand } from '@/components/layout/brand';
import { SkipLink } from '@/components/layout/skip-link';
import { Button } from '@/components/ui/button';
import type { LessonAside } from '@/lib/lesson-context';
import { useCourseOutlineBySlug } from '../api/get-course-outline-by-slug';
import { CoursePlayer } from '../components/course-player';
import { ErrorState, LoadingState } from '../components/query-state';

/** The native course player at /courses/{slug}: a focused page of its own, outside the dashboard. */
export function CoursePlayerPage({ lessonAside }: { lessonAside?: LessonAside } = {}) {
  const { t } = useTranslation('courses');
  const { slug = '' } = useParams();
  const outline = useCourseOutlineBySlug(slug);
  return (
    <div className="min-h-screen bg-background">
      <SkipLink />
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
          <Brand to="/dashboard/learner" compactOnMobile />
          <div className="flex items-center gap-2 sm:gap-3">
            <LanguageSwitcher />
            <Button variant="outline" size="sm" asChild>
              <Link to="/dashboard/learner/courses">
                <ArrowLeft aria-hidden="true" />
                {t('player.backToCourses')}
              </Link>
            </Button>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-8 focus:outline-none sm:px-6">
        {outline.isPending ? <LoadingState label={t('player.loading')} /> : null}
        {outline.isError ? (
          <div className="flex flex-col gap-4">
            <h1 className="text-2xl font-semibold">{t('player.unavailableTitle')}</h1>
            <ErrorState
              error={outline.error}
              onRetry={() => void outline.refetch()}
              notFoundIcon={GraduationCap}
              action={
                <Button asChild>
                  <Link to="/dashboard/learner/courses">{t('player.backToCourses')}</Link>
                </Button>
              }
            />
          </div>
        ) : null}
        {outline.data ? <CoursePlayer outline={outline.data} lessonAside={lessonAside} /> : null}
      </main>
    </div>
  );
}
