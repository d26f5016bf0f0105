import { Package } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import type { LessonBodyProps } from './types';

/** SCORM content runs in the SCORM player on the learner's own enrolment; completion comes back from it. */
export function ScormLesson({ view }: LessonBodyProps<'scorm'>) {
  const { t } = useTranslation('courses');
  const done = view.progress.status === 'completed';
  const launchUrl = view.content.launch_url;
  return (
    <EmptyState
      icon={Package}
      title={t('scorm.title')}
      description={done ? t('scorm.completed') : launchUrl ? t('scorm.description') : t('scorm.notReady')}
      action={
        launchUrl ? (
          <Button asChild>
            <Link to={launchUrl}>{done ? t('scorm.openAgain') : t('scorm.open')}</Link>
          </Button>
        ) : (
          <Button asChild variant="outline">
            <Link to="/dashboard/learner/library">{t('scorm.openLibrary')}</Link>
          </Button>
        )
      }
    />
  );
}
