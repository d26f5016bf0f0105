import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';

/** A translated message for a failed security action; `invalid_credentials` means the password or the code. */
export function useSecurityErrorMessage() {
  const { t } = useTranslation('security');
  return (error: unknown, credential: 'password' | 'code' = 'password'): string => {
    if (!(error instanceof ApiError)) return t('errors.generic');
    switch (error.code) {
      case 'invalid_credentials':
        return credential === 'code' ? t('errors.wrongCode') : t('errors.wrongPassword');
      case 'forbidden':
        return t('errors.signInAgain');
      case 'rate_limited':
        return t('errors.rateLimited');
      case 'network':
        return t('errors.network');
      default:
        return t('errors.generic');
    }
  };
}
