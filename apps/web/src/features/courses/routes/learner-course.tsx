import { GraduationCap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import type { LessonAside } from '@/lib/lesson-context';
import { useCourseOutline } from '../api/get-course-outline';
import { CoursePlayer } from '../components/course-player';
import { ErrorState, LoadingState } from '../components/query-state';

/** The course player inside the dashboard at /dashboard/learner/course/{courseId}. */
export function LearnerCoursePage({ lessonAside }: { lessonAside?: LessonAside } = {}) {
  const { t } = useTranslation('courses');
  const { courseId = '' } = useParams();
  const outline = useCourseOutline(courseId);
  if (outline.isPending) return <LoadingState label={t('player.loading')} />;
  if (outline.isError) {
    return (
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
    );
  }
  return <CoursePlayer outline={outline.data} lessonAside={lessonAside} />;
}
