import {
  clampStep,
  DATE_FORMATS,
  FONT_FAMILIES,
  type Profile,
  STEP_MAX,
  STEP_MIN,
  TIME_FORMATS,
} from '@portal/shared/profile';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Slider } from '@/components/ui/slider';
import {
  type ComfortMode,
  type DateFormat,
  type FontFamily,
  formatDateAs,
  formatTimeAs,
  lineSpacingLabel,
  pickPreferences,
  type TimeFormat,
  textSizeLabel,
} from '@/lib/preferences';
import { useSettingsDraft } from '../hooks/use-settings-draft';
import { AccessibilityPreview } from './preview';
import { ChoiceGroup, SettingSwitch, SettingsFormCard } from './settings-controls';

type AccessibilityDraft = Pick<
  Profile,
  | 'comfort_mode'
  | 'font_family'
  | 'color_contrast'
  | 'text_size'
  | 'line_spacing'
  | 'speech_to_text_enabled'
  | 'time_format'
  | 'date_format'
>;

const COMFORT_KEYS: Record<ComfortMode, string> = {
  Normal: 'normal',
  'Focus Mode': 'focus',
  'Low-Stimulus': 'lowStimulus',
};

const EXAMPLE_MOMENT = new Date(Date.UTC(2025, 11, 31, 14, 30));

const toDraft = (profile: Profile): AccessibilityDraft => ({
  comfort_mode: profile.comfort_mode,
  font_family: profile.font_family,
  color_contrast: profile.color_contrast,
  text_size: clampStep(profile.text_size),
  line_spacing: clampStep(profile.line_spacing),
  speech_to_text_enabled: profile.speech_to_text_enabled,
  time_format: profile.time_format,
  date_format: profile.date_format,
});

function StepSlider({
  label,
  value,
  valueText,
  lowLabel,
  highLabel,
  onValueChange,
}: {
  label: string;
  value: number;
  valueText: string;
  lowLabel: string;
  highLabel: string;
  onValueChange: (value: number) => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm font-medium leading-none">{label}</span>
        <span className="text-sm text-muted-foreground" aria-hidden="true">
          {valueText}
        </span>
      </div>
      <Slider
        min={STEP_MIN}
        max={STEP_MAX}
        step={1}
        value={[value]}
        onValueChange={([next]) => onValueChange(clampStep(next ?? value))}
        thumbLabel={label}
        valueText={valueText}
      />
      <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
        <span>{lowLabel}</span>
        <span>{highLabel}</span>
      </div>
    </div>
  );
}

export function AccessibilityTab({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation('settings');
  const fontId = useId();
  const form = useSettingsDraft({ saved: toDraft(profile), toChanges: (draft) => draft });
  const { draft, set } = form;
  const stepText = (step: number, label: string) => t('accessibility.stepValue', { step, label });
  const sizeText = (step: number) => t(`accessibility.sizeLabels.${textSizeLabel(step)}`);
  const spacingText = (step: number) => t(`accessibility.spacingLabels.${lineSpacingLabel(step)}`);
  const locale = i18n.resolvedLanguage ?? 'en';
  const example = (name: string, sample: string) => t('accessibility.formatExample', { name, example: sample });

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
      <SettingsFormCard
        title={t('accessibility.title')}
        description={t('accessibility.description')}
        dirty={form.dirty}
        saving={form.saving}
        onSave={form.save}
        onDiscard={form.discard}
      >
        <ChoiceGroup<ComfortMode>
          label={t('accessibility.comfortMode')}
          value={draft.comfort_mode}
          onValueChange={(value) => set('comfort_mode', value)}
          options={(Object.keys(COMFORT_KEYS) as ComfortMode[]).map((mode) => ({
            value: mode,
            label: t(`accessibility.comfortModes.${COMFORT_KEYS[mode]}.label`),
            description: t(`accessibility.comfortModes.${COMFORT_KEYS[mode]}.description`),
          }))}
        />
        <div className="flex max-w-sm flex-col gap-1.5">
          <Label htmlFor={fontId}>{t('accessibility.font')}</Label>
          <Select value={draft.font_family} onValueChange={(value) => set('font_family', value as FontFamily)}>
            <SelectTrigger id={fontId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {FONT_FAMILIES.map((font) => (
                <SelectItem key={font} value={font}>
                  {t(`accessibility.fonts.${font}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <ChoiceGroup<Profile['color_contrast']>
          label={t('accessibility.contrast')}
          value={draft.color_contrast}
          onValueChange={(value) => set('color_contrast', value)}
          columns={2}
          options={[
            { value: 'Standard', label: t('accessibility.contrasts.standard') },
            { value: 'High', label: t('accessibility.contrasts.high') },
          ]}
        />
        <StepSlider
          label={t('accessibility.textSize')}
          value={draft.text_size}
          valueText={stepText(draft.text_size, sizeText(draft.text_size))}
          lowLabel={sizeText(STEP_MIN)}
          highLabel={sizeText(STEP_MAX)}
          onValueChange={(value) => set('text_size', value)}
        />
        <StepSlider
          label={t('accessibility.lineSpacing')}
          value={draft.line_spacing}
          valueText={stepText(draft.line_spacing, spacingText(draft.line_spacing))}
          lowLabel={spacingText(STEP_MIN)}
          highLabel={spacingText(STEP_MAX)}
          onValueChange={(value) => set('line_spacing', value)}
        />
        <SettingSwitch
          label={t('accessibility.speechToText')}
          hint={t('accessibility.speechToTextHint')}
          checked={draft.speech_to_text_enabled}
          onCheckedChange={(checked) => set('speech_to_text_enabled', checked)}
        />
        <ChoiceGroup<TimeFormat>
          label={t('accessibility.timeFormat')}
          value={draft.time_format}
          onValueChange={(value) => set('time_format', value)}
          columns={2}
          options={TIME_FORMATS.map((format) => ({
            value: format,
            label: example(
              t(`accessibility.timeFormats.${format}`),
              formatTimeAs(EXAMPLE_MOMENT, format, locale, 'UTC'),
            ),
          }))}
        />
        <ChoiceGroup<DateFormat>
          label={t('accessibility.dateFormat')}
          value={draft.date_format}
          onValueChange={(value) => set('date_format', value)}
          columns={3}
          options={DATE_FORMATS.map((format) => ({
            value: format,
            label: example(t(`accessibility.dateFormats.${format}`), formatDateAs(EXAMPLE_MOMENT, format, 'UTC')),
          }))}
        />
      </SettingsFormCard>
      <div className="lg:sticky lg:top-20">
        <AccessibilityPreview
          preferences={pickPreferences(draft)}
          timeFormat={draft.time_format}
          dateFormat={draft.date_format}
          dirty={form.dirty}
        />
      </div>
    </div>
  );
}
