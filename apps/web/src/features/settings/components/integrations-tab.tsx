import type { Profile } from '@portal/shared/profile';
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { useSettingsDraft } from '../hooks/use-settings-draft';
import { CalendarFeedCard } from './calendar-feed-card';
import { SettingSwitch, SettingsFormCard } from './settings-controls';

export function IntegrationsTab({ profile }: { profile: Profile }) {
  const { t } = useTranslation('settings');
  const form = useSettingsDraft<Pick<Profile, 'calendar_sync'>>({
    saved: { calendar_sync: profile.calendar_sync },
    toChanges: (draft) => draft,
  });
  const sync = form.draft.calendar_sync;
  const setSync = (key: keyof Profile['calendar_sync'], value: boolean) =>
    form.set('calendar_sync', { ...sync, [key]: value });

  return (
    <div className="flex flex-col gap-6">
      <SettingsFormCard
        title={t('integrations.title')}
        description={t('integrations.description')}
        dirty={form.dirty}
        saving={form.saving}
        onSave={form.save}
        onDiscard={form.discard}
      >
        <Alert role="note" className="flex items-start gap-3">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{t('integrations.notYet')}</span>
        </Alert>
        <div className="divide-y divide-border">
          <SettingSwitch
            label={t('integrations.google')}
            checked={sync.google}
            onCheckedChange={(checked) => setSync('google', checked)}
          />
          <SettingSwitch
            label={t('integrations.outlook')}
            checked={sync.outlook}
            onCheckedChange={(checked) => setSync('outlook', checked)}
          />
        </div>
      </SettingsFormCard>
      <CalendarFeedCard />
    </div>
  );
}
