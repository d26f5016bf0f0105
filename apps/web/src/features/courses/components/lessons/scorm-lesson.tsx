import { Package } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import type { LessonBodyProps } from './types';

/** SCORM content runs in the SCORM player through the learner's enrolment; completion comes back from it. */
export function ScormLesson({ view }: LessonBodyProps<'scorm'>) {
  const { t } = useTranslation('courses');
  return (
    <EmptyState
      icon={Package}
      title={t('scorm.title')}
      description={view.progress.status === 'completed' ? t('scorm.completed') : t('scorm.description')}
      action={
        <Button asChild variant="outline">
          <Link to="/dashboard/learner/library">{t('scorm.openLibrary')}</Link>
        </Button>
      }
    />
  );
}
