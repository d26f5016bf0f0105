import type { Profile } from '@portal/shared/profile';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api';
import { useProfile } from '@/lib/profile';
import { AccessibilityTab } from '../components/accessibility-tab';
import { ChangeEmailCard } from '../components/change-email-card';
import { IntegrationsTab } from '../components/integrations-tab';
import { InterfaceLanguageCard, LearningLanguageCard } from '../components/language-tab';
import { NotificationsTab } from '../components/notifications-tab';
import { ProfileTab } from '../components/profile-tab';
import { SecurityTab } from '../components/security-tab';

const TABS = ['profile', 'language', 'accessibility', 'notifications', 'security', 'integrations'] as const;
type Tab = (typeof TABS)[number];

/** `privacySection` is composed in by the app (consent choices and their history). */
export function Settings({ privacySection }: { privacySection?: ReactNode } = {}) {
  const { t } = useTranslation('settings');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'profile';
  const profile = useProfile();
  const loadError =
    profile.error instanceof ApiError && profile.error.code === 'profile_create_failed'
      ? t('createFailed')
      : t('loadFailed');
  useEffect(() => {
    if (profile.isError) toast.error(loadError);
  }, [profile.isError, loadError]);
  // Tabs stay mounted while hidden, so edits in one tab survive a visit to another.
  const withProfile = (render: (data: Profile) => ReactNode) => (
    <>
      {profile.isPending ? <Spinner label={t('loading')} /> : null}
      {profile.isError ? <Alert variant="destructive">{loadError}</Alert> : null}
      {profile.data ? render(profile.data) : null}
    </>
  );
  const panels: Record<Tab, ReactNode> = {
    profile: withProfile((data) => (
      <div className="flex flex-col gap-6">
        <ProfileTab profile={data} />
        <ChangeEmailCard currentEmail={data.email} />
      </div>
    )),
    language: (
      <div className="flex flex-col gap-6">
        <InterfaceLanguageCard />
        {withProfile((data) => (
          <LearningLanguageCard profile={data} />
        ))}
      </div>
    ),
    accessibility: withProfile((data) => <AccessibilityTab profile={data} />),
    notifications: withProfile((data) => <NotificationsTab profile={data} />),
    security: (
      <div className="flex flex-col gap-6">
        <SecurityTab />
        {privacySection}
      </div>
    ),
    integrations: withProfile((data) => <IntegrationsTab profile={data} />),
  };
  return (
    <div>
      <PageHeader title={t('title')} description={t('description')} />
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <TabsList className="h-auto flex-wrap">
          {TABS.map((key) => (
            <TabsTrigger key={key} value={key} className="min-h-8">
              {t(`tabs.${key}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((key) => (
          <TabsContent key={key} value={key} forceMount className="data-[state=inactive]:hidden">
            {panels[key]}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
