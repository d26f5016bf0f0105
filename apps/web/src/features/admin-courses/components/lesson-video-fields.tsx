import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import type { LessonDraft, LessonProblems, SetLessonDraft } from './lesson-draft';

/** Where a video lesson's video comes from, and for a linked video its address and length. */
export function LessonVideoFields({
  draft,
  set,
  problems,
}: {
  draft: LessonDraft;
  set: SetLessonDraft;
  problems: LessonProblems | null;
}) {
  const { t } = useTranslation('authoring');
  const sourceId = useId();
  return (
    <>
      <fieldset className="flex flex-col gap-2">
        <legend id={sourceId} className="mb-1.5 text-sm font-medium">
          {t('lessons.form.videoSource')}
        </legend>
        <RadioGroup
          aria-labelledby={sourceId}
          value={draft.videoSource}
          onValueChange={(value) => set('videoSource', value as LessonDraft['videoSource'])}
          className="flex flex-wrap gap-4"
        >
          {(['upload', 'url'] as const).map((source) => (
            <div key={source} className="flex min-h-10 items-center gap-2 text-sm">
              <RadioGroupItem id={`${sourceId}-${source}`} value={source} />
              <Label htmlFor={`${sourceId}-${source}`} className="font-normal">
                {t(`lessons.form.videoSources.${source}`)}
              </Label>
            </div>
          ))}
        </RadioGroup>
      </fieldset>
      {draft.videoSource === 'url' ? (
        <div className="flex flex-col gap-4">
          <FormField
            label={t('lessons.form.videoUrl')}
            type="url"
            inputMode="url"
            value={draft.videoUrl}
            hint={t('lessons.form.videoUrlHint')}
            error={problems?.videoUrl ? t('lessons.form.videoUrlInvalid') : undefined}
            onChange={(event) => set('videoUrl', event.target.value)}
          />
          <fieldset className="flex flex-col gap-1.5">
            <legend className="mb-1.5 text-sm font-medium">{t('lessons.form.duration')}</legend>
            <div className="flex flex-wrap gap-3">
              <FormField
                label={t('lessons.form.minutes')}
                type="number"
                min={0}
                inputMode="numeric"
                value={draft.videoMinutes}
                onChange={(event) => set('videoMinutes', event.target.value)}
                className="w-24"
              />
              <FormField
                label={t('lessons.form.seconds')}
                type="number"
                min={0}
                max={59}
                inputMode="numeric"
                value={draft.videoSeconds}
                onChange={(event) => set('videoSeconds', event.target.value)}
                className="w-24"
              />
            </div>
            {problems?.duration ? (
              <p className="text-sm text-destructive">{t('lessons.form.durationInvalid')}</p>
            ) : null}
          </fieldset>
        </div>
      ) : null}
    </>
  );
}
