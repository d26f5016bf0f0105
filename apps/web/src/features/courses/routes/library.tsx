import type { CatalogueCourse } from '@portal/shared/course-catalogue';
import { BookOpen, Library as LibraryIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useLibrary } from '../api/get-library';
import { CourseCard, courseHref } from '../components/course-card';
import { ErrorState, LoadingState } from '../components/query-state';

const TABS = ['in_progress', 'completed', 'enrolled'] as const;
type Tab = (typeof TABS)[number];

const inTab = (tab: Tab) => (course: CatalogueCourse) => (tab === 'enrolled' ? true : course.progress.status === tab);

function ContinueBanner({ course }: { course: CatalogueCourse }) {
  const { t } = useTranslation('courses');
  return (
    <section
      aria-labelledby="continue-heading"
      className="flex flex-col gap-3 rounded-lg border border-border bg-card p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="continue-heading" className="text-sm font-medium text-muted-foreground">
          {t('library.continueHeading')}
        </h2>
        <p className="text-lg font-semibold">{course.title}</p>
        <p className="text-sm text-muted-foreground">
          {t('card.progressDetail', {
            percent: course.progress.percent,
            done: course.progress.lessons_completed,
            count: course.progress.lessons_total,
          })}
        </p>
      </div>
      <Button asChild>
        <Link to={courseHref(course.id)}>{t('card.continue')}</Link>
      </Button>
    </section>
  );
}

/** The learner's courses: enrolled (started), in progress and completed, with continue buttons. */
export function LibraryPage({ scormSection }: { scormSection?: ReactNode } = {}) {
  const { t } = useTranslation('courses');
  const library = useLibrary();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as Tab | null;
  const tab: Tab = requested && TABS.includes(requested) ? requested : 'in_progress';
  const courses = library.data?.courses ?? [];
  const counts = library.data?.counts;
  const resume = courses.find((course) => course.progress.status === 'in_progress' && course.accessible);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('library.title')}
        description={t('library.description')}
        actions={
          <Button variant="outline" asChild>
            <Link to="/dashboard/learner/courses">{t('library.browse')}</Link>
          </Button>
        }
      />
      {library.isPending ? <LoadingState /> : null}
      {library.isError ? <ErrorState error={library.error} onRetry={() => void library.refetch()} /> : null}
      {library.data && courses.length === 0 ? (
        <EmptyState
          icon={LibraryIcon}
          title={t('library.emptyTitle')}
          description={t('library.emptyDescription')}
          action={
            <Button asChild>
              <Link to="/dashboard/learner/courses">{t('library.browse')}</Link>
            </Button>
          }
        />
      ) : null}
      {library.data && courses.length > 0 ? (
        <>
          {resume ? <ContinueBanner course={resume} /> : null}
          <Tabs value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
            <TabsList className="h-auto flex-wrap">
              {TABS.map((key) => (
                <TabsTrigger key={key} value={key} className="min-h-8">
                  {t(`library.tabs.${key}`, { number: counts?.[key] ?? 0 })}
                </TabsTrigger>
              ))}
            </TabsList>
            {TABS.map((key) => {
              const list = courses.filter(inTab(key));
              return (
                <TabsContent key={key} value={key}>
                  {list.length === 0 ? (
                    <EmptyState
                      icon={BookOpen}
                      title={t(`library.empty.${key}.title`)}
                      description={t(`library.empty.${key}.description`)}
                    />
                  ) : (
                    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                      {list.map((course) => (
                        <li key={course.id}>
                          <CourseCard course={course} />
                        </li>
                      ))}
                    </ul>
                  )}
                </TabsContent>
              );
            })}
          </Tabs>
        </>
      ) : null}
      {scormSection}
    </div>
  );
}
