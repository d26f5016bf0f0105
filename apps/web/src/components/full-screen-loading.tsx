import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';

export function FullScreenLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen items-center justify-center bg-background">
      <Spinner label={t('loadingExperience')} className="text-lg" />
    </div>
  );
}
