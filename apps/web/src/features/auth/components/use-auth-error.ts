import { useTranslation } from 'react-i18next';
import { useWeakPasswordReasons } from '@/components/password-weakness-text';
import { ApiError } from '@/lib/api';

/** A translated message for an auth failure, falling back to the server's text. */
export function useAuthErrorMessage() {
  const { t } = useTranslation('auth');
  const weakPasswordReasons = useWeakPasswordReasons();
  return (error: unknown): string => {
    if (error instanceof ApiError) {
      if (error.code === 'weak_password' && error.reasons.length > 0) {
        return [t('errors.weak_password'), ...weakPasswordReasons(error.reasons)].join(' ');
      }
      return t(`errors.${error.code}`, { defaultValue: error.message });
    }
    return t('errors.network');
  };
}
