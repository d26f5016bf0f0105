import { AlertTriangle, type LucideIcon, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { useCourseErrorText } from '../hooks/use-course-error-text';

export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation('courses');
  return <Spinner label={label ?? t('loading')} className="justify-center py-16" />;
}

/** A failed load: not found becomes an empty state with a way back; other failures offer a retry. */
export function ErrorState({
  error,
  onRetry,
  notFoundIcon = SearchX,
  action,
}: {
  error: unknown;
  onRetry?: () => void;
  notFoundIcon?: LucideIcon;
  action?: ReactNode;
}) {
  const { t } = useTranslation('courses');
  const text = useCourseErrorText();
  // A malformed id in the address is as missing as an unknown one.
  if (error instanceof ApiError && (error.status === 404 || error.code === 'validation_failed')) {
    return (
      <EmptyState
        icon={notFoundIcon}
        title={t('errors.notFoundTitle')}
        description={t('errors.notFound')}
        action={action}
      />
    );
  }
  return (
    <Alert variant="destructive" className="flex flex-col items-start gap-3">
      <span className="flex items-center gap-2 font-medium">
        <AlertTriangle className="size-4" aria-hidden="true" />
        {text(error)}
      </span>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t('retry')}
        </Button>
      ) : null}
    </Alert>
  );
}
