import { Package } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';

/** The SCORM player, outside the dashboard layout (preview and launch modes). */
export function ScormPlayer() {
  const { t } = useTranslation('dashboard');
  const { packageId, enrollmentId } = useParams();
  const mode = enrollmentId ? 'launch' : 'preview';
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="mb-6 text-2xl font-semibold">{t(`scormPlayer.${mode}Title`)}</h1>
      <EmptyState
        icon={Package}
        title={t('scormPlayer.emptyTitle')}
        description={t('scormPlayer.emptyDescription', { id: packageId ?? enrollmentId ?? '' })}
        action={
          <Button asChild>
            <Link to={mode === 'preview' ? '/dashboard/scorm/packages' : '/dashboard/learner/library'}>
              {t('scormPlayer.back')}
            </Link>
          </Button>
        }
      />
    </main>
  );
}
