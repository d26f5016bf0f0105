import { GraduationCap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';

/** The native course player at /courses/{slug}. */
export function CoursePlayer() {
  const { t } = useTranslation('dashboard');
  const { slug = '' } = useParams();
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="mb-6 text-2xl font-semibold">{t('coursePlayer.title', { slug })}</h1>
      <EmptyState
        icon={GraduationCap}
        title={t('coursePlayer.emptyTitle')}
        description={t('coursePlayer.emptyDescription')}
        action={
          <Button asChild>
            <Link to="/dashboard/learner/courses">{t('coursePlayer.back')}</Link>
          </Button>
        }
      />
    </main>
  );
}
