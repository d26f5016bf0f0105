import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { formatInstant } from '@/lib/intl-formats';
import { useGamificationSettings } from '../api/get-gamification-settings';
import { ThresholdsForm } from '../components/thresholds-form';

/** /dashboard/admin/thresholds: the numbers behind XP, levels, badges and at-risk learners. Changes apply at once. */
export function AdminThresholds() {
  const { t, i18n } = useTranslation('gamification');
  const settings = useGamificationSettings();
  return (
    <div>
      <PageHeader title={t('thresholds.title')} description={t('thresholds.description')} />
      {settings.isPending ? <Spinner label={t('loading')} /> : null}
      {settings.isError ? <Alert variant="destructive">{t('thresholds.loadFailed')}</Alert> : null}
      {settings.data ? (
        <>
          <p className="mb-6 text-sm text-muted-foreground">
            {settings.data.updated_at
              ? t('thresholds.lastUpdated', {
                  date: formatInstant(settings.data.updated_at, i18n.language, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  }),
                })
              : t('thresholds.usingDefaults')}
          </p>
          <ThresholdsForm
            key={settings.data.updated_at ?? 'defaults'}
            initial={settings.data.settings}
            defaults={settings.data.defaults}
          />
        </>
      ) : null}
    </div>
  );
}
