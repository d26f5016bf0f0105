import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useSsoProviders } from '../api/get-sso-providers';
import { SsoProviderForm } from '../components/sso-provider-form';
import { SsoProviderTable } from '../components/sso-provider-table';

/** Admins connect OpenID Connect providers so staff of their email domains sign in with single sign-on. */
export function AdminSso() {
  const { t } = useTranslation('admin-sso');
  const providers = useSsoProviders();
  return (
    <div>
      <PageHeader title={t('title')} description={t('description')} />
      <section className="mb-10 max-w-3xl rounded-lg border border-border bg-card p-6">
        <SsoProviderForm />
      </section>
      <h2 className="mb-3 text-lg font-semibold">{t('listTitle')}</h2>
      {providers.isPending ? (
        <Spinner label={t('loading')} />
      ) : providers.isError ? (
        <p role="alert" className="text-destructive">
          {t('loadFailed')}
        </p>
      ) : (
        <SsoProviderTable providers={providers.data.providers} />
      )}
    </div>
  );
}
