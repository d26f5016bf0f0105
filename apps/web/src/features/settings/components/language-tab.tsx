import { INTERFACE_LANGUAGES, LANGUAGE_NAMES } from '@portal/shared/language';
import { PRIMARY_LANGUAGES, type Profile } from '@portal/shared/profile';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useLanguageChoice } from '@/lib/use-language-choice';
import { cn } from '@/lib/utils';
import { useSettingsDraft } from '../hooks/use-settings-draft';
import { SettingSwitch, SettingsFormCard } from './settings-controls';

/** The interface language; it applies at once and is stored in this browser, where it wins over the browser's language. */
export function InterfaceLanguageCard() {
  const { t } = useTranslation('settings');
  const { language: shown, choose } = useLanguageChoice();
  const headingId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle id={headingId}>{t('language.title')}</CardTitle>
        <CardDescription>{t('language.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset aria-labelledby={headingId} className="flex max-w-lg flex-col gap-3">
          {INTERFACE_LANGUAGES.map((language) => (
            <label
              key={language}
              className={cn(
                'flex min-h-12 cursor-pointer items-center gap-3 rounded-md border border-border bg-card px-4 py-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                shown === language && 'border-primary bg-accent',
              )}
            >
              <input
                type="radio"
                name="interface-language"
                value={language}
                className="size-5 accent-[var(--palette-primary)]"
                checked={shown === language}
                onChange={() => choose(language)}
              />
              <span lang={language}>{LANGUAGE_NAMES[language]}</span>
            </label>
          ))}
        </fieldset>
      </CardContent>
    </Card>
  );
}

type LearningLanguageDraft = Pick<Profile, 'primary_language' | 'dual_language_enabled'>;

/** The profile's primary language and dual-language support, saved to the profile. */
export function LearningLanguageCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation('settings');
  const selectId = useId();
  const form = useSettingsDraft<LearningLanguageDraft>({
    saved: { primary_language: profile.primary_language, dual_language_enabled: profile.dual_language_enabled },
    toChanges: (draft) => draft,
  });
  return (
    <SettingsFormCard
      title={t('language.profileTitle')}
      description={t('language.profileDescription')}
      dirty={form.dirty}
      saving={form.saving}
      onSave={form.save}
      onDiscard={form.discard}
    >
      <div className="flex max-w-sm flex-col gap-1.5">
        <Label htmlFor={selectId}>{t('language.primary')}</Label>
        <Select
          value={form.draft.primary_language}
          onValueChange={(value) => form.set('primary_language', value as LearningLanguageDraft['primary_language'])}
        >
          <SelectTrigger id={selectId}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {PRIMARY_LANGUAGES.map((language) => (
              <SelectItem key={language} value={language}>
                {t(`language.names.${language}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <SettingSwitch
        label={t('language.dualLanguage')}
        hint={t('language.dualLanguageHint')}
        checked={form.draft.dual_language_enabled}
        onCheckedChange={(checked) => form.set('dual_language_enabled', checked)}
      />
    </SettingsFormCard>
  );
}
