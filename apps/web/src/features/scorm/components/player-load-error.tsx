import { Package } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';

export const isStaff = (role: string | undefined) => role === 'admin' || role === 'instructor';

/**
 * Why the player could not open: the package or enrolment is not there (or not open to this person), the author's
 * own package is still processing or failed, or something else went wrong. A learner previewing is sent to /403.
 */
export function PlayerLoadError({
  error,
  mode,
  heading,
  staff,
}: {
  error: Error;
  mode: 'preview' | 'launch';
  heading: string;
  staff: boolean;
}) {
  const { t } = useTranslation('scorm');
  const missing = error instanceof ApiError && [400, 403, 404].includes(error.status);
  if (missing && mode === 'preview' && !staff) return <Navigate to="/403" replace />;
  const notReady =
    error instanceof ApiError && error.reasons[0] === 'package_not_ready'
      ? error.reasons[1] === 'failed'
        ? 'failed'
        : 'processing'
      : null;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="mb-6 text-2xl font-semibold">{heading}</h1>
      <EmptyState
        icon={Package}
        title={notReady ? t('player.notReadyTitle') : missing ? t('player.notFoundTitle') : t('player.failedTitle')}
        description={notReady ? t(`player.notReady.${notReady}`) : missing ? t('player.notFound') : t('player.failed')}
        action={
          <Button asChild>
            <Link to={mode === 'preview' ? '/dashboard/scorm/packages' : '/dashboard/learner/library'}>
              {t('player.back')}
            </Link>
          </Button>
        }
      />
    </main>
  );
}
