import type { Profile } from '@portal/shared/profile';
import { Check } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { useSettingsDraft } from '../hooks/use-settings-draft';
import { SettingsFormCard } from './settings-controls';

const LEARNING_STYLES = ['visual', 'auditory', 'reading_writing', 'kinesthetic'] as const;

type ProfileDraft = {
  full_name: string;
  display_name: string;
  bio: string;
  timezone: string;
  learning_styles: string[];
};

const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

function timeZoneOptions(current: string) {
  const zones = new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);
  zones.add('UTC');
  zones.add(current);
  return [...zones].sort().map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

/** Known styles first in their fixed order, then any others the profile already holds. */
function orderStyles(styles: string[]) {
  const known = LEARNING_STYLES.filter((style) => styles.includes(style));
  return [...known, ...styles.filter((style) => !(LEARNING_STYLES as readonly string[]).includes(style))];
}

const toDraft = (profile: Profile): ProfileDraft => ({
  full_name: profile.full_name ?? '',
  display_name: profile.display_name ?? '',
  bio: profile.bio ?? '',
  timezone: profile.timezone,
  learning_styles: orderStyles(profile.learning_styles),
});

export function ProfileTab({ profile }: { profile: Profile }) {
  const { t } = useTranslation('settings');
  const saved = toDraft(profile);
  // On a first visit the profile still holds the default UTC: suggest this device's zone, saved only on Save.
  const deviceZone = useMemo(browserTimeZone, []);
  const suggestZone = profile.timezone === 'UTC' && deviceZone !== 'UTC';
  const form = useSettingsDraft({
    saved,
    initial: suggestZone ? { ...saved, timezone: deviceZone } : saved,
    toChanges: (draft) => ({
      full_name: draft.full_name.trim() || null,
      display_name: draft.display_name.trim() || null,
      bio: draft.bio.trim() || null,
      timezone: draft.timezone,
      learning_styles: draft.learning_styles,
    }),
  });
  const { draft, set } = form;
  const ids = { bio: useId(), timezone: useId(), styles: useId() };
  const zones = useMemo(() => timeZoneOptions(profile.timezone), [profile.timezone]);
  const showSuggestion = suggestZone && draft.timezone === deviceZone;
  const toggleStyle = (style: string) =>
    set(
      'learning_styles',
      orderStyles(
        draft.learning_styles.includes(style)
          ? draft.learning_styles.filter((entry) => entry !== style)
          : [...draft.learning_styles, style],
      ),
    );

  return (
    <SettingsFormCard
      title={t('profile.title')}
      description={t('profile.description')}
      dirty={form.dirty}
      saving={form.saving}
      onSave={form.save}
      onDiscard={form.discard}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label={t('profile.fullName')}
          value={draft.full_name}
          maxLength={120}
          autoComplete="name"
          onChange={(event) => set('full_name', event.target.value)}
        />
        <FormField
          label={t('profile.displayName')}
          value={draft.display_name}
          maxLength={60}
          autoComplete="nickname"
          onChange={(event) => set('display_name', event.target.value)}
        />
      </div>
      <FormField
        label={t('profile.email')}
        value={profile.email ?? ''}
        readOnly
        hint={t('profile.emailNote')}
        className="bg-muted"
      />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.bio}>{t('profile.bio')}</Label>
        <Textarea
          id={ids.bio}
          value={draft.bio}
          maxLength={1000}
          rows={4}
          aria-describedby={`${ids.bio}-hint`}
          onChange={(event) => set('bio', event.target.value)}
        />
        <p id={`${ids.bio}-hint`} className="text-xs text-muted-foreground">
          {t('profile.bioHint')}
        </p>
      </div>
      <div className="flex max-w-md flex-col gap-1.5">
        <Label htmlFor={ids.timezone}>{t('profile.timezone')}</Label>
        <Combobox
          id={ids.timezone}
          options={zones}
          value={draft.timezone}
          onValueChange={(zone) => set('timezone', zone)}
          listLabel={t('profile.timezoneList')}
          noMatchText={(query) => t('profile.timezoneNoMatch', { query })}
          aria-describedby={`${ids.timezone}-hint`}
        />
        <p id={`${ids.timezone}-hint`} className="text-xs text-muted-foreground">
          {t('profile.timezoneHint')}
        </p>
        {showSuggestion ? (
          <div className="flex flex-wrap items-center gap-2 rounded-md border border-border bg-accent px-3 py-2 text-sm">
            <span>{t('profile.timezoneSuggested', { zone: deviceZone.replaceAll('_', ' ') })}</span>
            <Button variant="link" className="h-auto p-0" onClick={() => set('timezone', profile.timezone)}>
              {t('profile.timezoneKeep', { zone: profile.timezone })}
            </Button>
          </div>
        ) : null}
      </div>
      <fieldset aria-describedby={`${ids.styles}-hint`} className="flex flex-col gap-2">
        <legend className="text-sm font-medium leading-none">{t('profile.learningStyles')}</legend>
        <p id={`${ids.styles}-hint`} className="text-xs text-muted-foreground">
          {t('profile.learningStylesHint')}
        </p>
        <div className="flex flex-wrap gap-2">
          {LEARNING_STYLES.map((style) => {
            const pressed = draft.learning_styles.includes(style);
            return (
              <button
                key={style}
                type="button"
                aria-pressed={pressed}
                onClick={() => toggleStyle(style)}
                className={cn(
                  'inline-flex min-h-9 items-center gap-1.5 rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  pressed
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'border-border bg-card text-foreground hover:bg-muted',
                )}
              >
                {pressed ? <Check className="size-4" aria-hidden="true" /> : null}
                {t(`profile.styles.${style}`)}
              </button>
            );
          })}
        </div>
      </fieldset>
    </SettingsFormCard>
  );
}
