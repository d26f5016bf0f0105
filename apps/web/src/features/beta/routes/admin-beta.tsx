import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { BetaComposeForm } from '../components/beta-compose-form';
import { BetaUpdatesHistory } from '../components/beta-updates-history';
import { BetaUsersPanel } from '../components/beta-users-panel';

/** Admins run the beta programme: who is in it, what to tell them, and how far each update got. */
export function AdminBeta() {
  const { t } = useTranslation('beta');
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={t('admin.title')} description={t('admin.description')} />
      <BetaComposeForm />
      <BetaUpdatesHistory />
      <BetaUsersPanel />
    </div>
  );
}
