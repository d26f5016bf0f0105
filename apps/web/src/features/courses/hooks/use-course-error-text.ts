import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';

/** A learner-facing sentence for a failed course request. */
export function useCourseErrorText() {
  const { t } = useTranslation('courses');
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return t('errors.generic');
    switch (error.code) {
      case 'network':
        return t('errors.network');
      case 'not_found':
        return t('errors.notFound');
      case 'lesson_locked':
        return t('errors.locked');
      case 'subscription_required':
        return t('errors.upgrade');
      case 'unauthorized':
        return t('errors.signedOut');
      default:
        return error.status >= 500 ? t('errors.server') : t('errors.generic');
    }
  };
}
