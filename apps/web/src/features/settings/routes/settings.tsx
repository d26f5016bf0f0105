import { Accessibility, Bell, Plug } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api';
import { useProfile } from '../api/get-profile';
import { LanguageTab } from '../components/language-tab';
import { ProfileTab } from '../components/profile-tab';
import { SecurityTab } from '../components/security-tab';

const TABS = ['profile', 'language', 'accessibility', 'notifications', 'security', 'integrations'] as const;
type Tab = (typeof TABS)[number];
const LATER_TABS = { accessibility: Accessibility, notifications: Bell, integrations: Plug } as const;

export function Settings() {
  const { t } = useTranslation('dashboard');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'profile';
  const profile = useProfile();
  const loadError =
    profile.error instanceof ApiError && profile.error.code === 'profile_create_failed'
      ? t('settings.createFailed')
      : t('settings.loadFailed');
  useEffect(() => {
    if (profile.isError) toast.error(loadError);
  }, [profile.isError, loadError]);
  return (
    <div>
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <TabsList className="h-auto flex-wrap">
          {TABS.map((key) => (
            <TabsTrigger key={key} value={key}>
              {t(`settings.tabs.${key}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="profile">
          {profile.isPending ? <Spinner label={t('settings.loading')} /> : null}
          {profile.isError ? <Alert variant="destructive">{loadError}</Alert> : null}
          {profile.data ? <ProfileTab profile={profile.data} /> : null}
        </TabsContent>
        <TabsContent value="language">
          <LanguageTab />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab />
        </TabsContent>
        {(Object.keys(LATER_TABS) as Array<keyof typeof LATER_TABS>).map((key) => (
          <TabsContent key={key} value={key}>
            <EmptyState
              icon={LATER_TABS[key]}
              title={t(`settings.later.${key}.title`)}
              description={t(`settings.later.${key}.description`)}
            />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
