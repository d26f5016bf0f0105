import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';

/** An author-facing sentence for a failed authoring request. */
export function useAuthoringErrorText() {
  const { t } = useTranslation('authoring');
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return t('errors.generic');
    switch (error.code) {
      case 'network':
        return t('errors.network');
      case 'conflict':
        return t('errors.conflict');
      case 'validation_failed':
      case 'bad_request':
        return t('errors.invalid');
      case 'payload_too_large':
        return t('errors.tooLarge');
      case 'unsupported_media_type':
        return t('errors.fileType');
      case 'not_found':
        return t('errors.notFound');
      case 'forbidden':
        return t('errors.forbidden');
      default:
        return error.status >= 500 ? t('errors.server') : t('errors.generic');
    }
  };
}
