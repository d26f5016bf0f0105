import { useTranslation } from 'react-i18next';

/** "45 min", "2 h 5 min" in the interface language. */
export function useFormatMinutes() {
  const { t } = useTranslation('common');
  return (total: number) => {
    const hours = Math.floor(total / 60);
    const minutes = Math.round(total % 60);
    if (hours === 0) return t('duration.minutes', { count: minutes });
    if (minutes === 0) return t('duration.hours', { count: hours });
    return t('duration.hoursMinutes', { hours, minutes });
  };
}
