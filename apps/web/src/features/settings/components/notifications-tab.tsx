import type { Profile } from '@portal/shared/profile';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettingsDraft } from '../hooks/use-settings-draft';
import { SettingSwitch, SettingsFormCard } from './settings-controls';

type NotificationsDraft = Pick<Profile, 'push_notifications_enabled' | 'email_notifications' | 'app_reminders'>;

function SwitchGroup({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const id = useId();
  return (
    <fieldset aria-labelledby={id} className="flex flex-col border-t border-border pt-4">
      <h3 id={id} className="text-base font-semibold">
        {title}
      </h3>
      <p className="text-sm text-muted-foreground">{description}</p>
      <div className="divide-y divide-border">{children}</div>
    </fieldset>
  );
}

export function NotificationsTab({ profile }: { profile: Profile }) {
  const { t } = useTranslation('settings');
  const form = useSettingsDraft<NotificationsDraft>({
    saved: {
      push_notifications_enabled: profile.push_notifications_enabled,
      email_notifications: profile.email_notifications,
      app_reminders: profile.app_reminders,
    },
    toChanges: (draft) => draft,
  });
  const { draft, set } = form;
  const setEmail = (key: keyof Profile['email_notifications'], value: boolean) =>
    set('email_notifications', { ...draft.email_notifications, [key]: value });
  const setReminder = (key: keyof Profile['app_reminders'], value: boolean) =>
    set('app_reminders', { ...draft.app_reminders, [key]: value });

  return (
    <SettingsFormCard
      title={t('notifications.title')}
      description={t('notifications.description')}
      dirty={form.dirty}
      saving={form.saving}
      onSave={form.save}
      onDiscard={form.discard}
    >
      <SettingSwitch
        label={t('notifications.push')}
        hint={t('notifications.pushHint')}
        checked={draft.push_notifications_enabled}
        onCheckedChange={(checked) => set('push_notifications_enabled', checked)}
      />
      <SwitchGroup title={t('notifications.emailTitle')} description={t('notifications.emailDescription')}>
        <SettingSwitch
          label={t('notifications.newCourses')}
          hint={t('notifications.newCoursesHint')}
          checked={draft.email_notifications.new_courses}
          onCheckedChange={(checked) => setEmail('new_courses', checked)}
        />
        <SettingSwitch
          label={t('notifications.weeklySummary')}
          hint={t('notifications.weeklySummaryHint')}
          checked={draft.email_notifications.weekly_summary}
          onCheckedChange={(checked) => setEmail('weekly_summary', checked)}
        />
        <SettingSwitch
          label={t('notifications.aiPrompts')}
          hint={t('notifications.aiPromptsHint')}
          checked={draft.email_notifications.ai_prompts}
          onCheckedChange={(checked) => setEmail('ai_prompts', checked)}
        />
      </SwitchGroup>
      <SwitchGroup title={t('notifications.remindersTitle')} description={t('notifications.remindersDescription')}>
        <SettingSwitch
          label={t('notifications.studyStreak')}
          hint={t('notifications.studyStreakHint')}
          checked={draft.app_reminders.study_streak}
          onCheckedChange={(checked) => setReminder('study_streak', checked)}
        />
        <SettingSwitch
          label={t('notifications.moduleNudges')}
          hint={t('notifications.moduleNudgesHint')}
          checked={draft.app_reminders.module_nudges}
          onCheckedChange={(checked) => setReminder('module_nudges', checked)}
        />
      </SwitchGroup>
    </SettingsFormCard>
  );
}
