import { LIVE_MAX_OCCURRENCES, LIVE_RECURRENCES, type LiveRecurrence } from '@portal/shared/live';
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { NativeSelect } from './native-select';

export type RecurrenceDraft = {
  frequency: 'none' | LiveRecurrence;
  end: 'count' | 'until';
  count: string;
  until: string;
  exceptions: string[];
};

export const emptyRecurrence = (): RecurrenceDraft => ({
  frequency: 'none',
  end: 'count',
  count: '4',
  until: '',
  exceptions: [],
});

/** Repeat weekly or every two weeks, ending after a number of sessions or on a date, skipping chosen dates. */
export function RecurrenceFields({
  draft,
  onChange,
  error,
}: {
  draft: RecurrenceDraft;
  onChange: (draft: RecurrenceDraft) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('live');
  const id = useId();
  const [skip, setSkip] = useState('');
  const set = <K extends keyof RecurrenceDraft>(key: K, value: RecurrenceDraft[K]) =>
    onChange({ ...draft, [key]: value });

  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">{t('form.repeat')}</legend>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-frequency`}>{t('form.frequency')}</Label>
        <NativeSelect
          id={`${id}-frequency`}
          value={draft.frequency}
          onChange={(event) => set('frequency', event.target.value as RecurrenceDraft['frequency'])}
        >
          <option value="none">{t('form.frequencies.none')}</option>
          {LIVE_RECURRENCES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {t(`form.frequencies.${frequency}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      {draft.frequency === 'none' ? null : (
        <>
          <RadioGroup
            value={draft.end}
            onValueChange={(value) => set('end', value as RecurrenceDraft['end'])}
            aria-label={t('form.ends')}
            className="flex flex-wrap gap-4"
          >
            {(['count', 'until'] as const).map((end) => (
              <label key={end} htmlFor={`${id}-end-${end}`} className="flex items-center gap-2 text-sm">
                <RadioGroupItem id={`${id}-end-${end}`} value={end} />
                {t(`form.endsBy.${end}`)}
              </label>
            ))}
          </RadioGroup>
          {draft.end === 'count' ? (
            <FormField
              label={t('form.count')}
              type="number"
              inputMode="numeric"
              min={2}
              max={LIVE_MAX_OCCURRENCES}
              value={draft.count}
              onChange={(event) => set('count', event.target.value)}
              hint={t('form.countHint', { max: LIVE_MAX_OCCURRENCES })}
            />
          ) : (
            <FormField
              label={t('form.until')}
              type="date"
              value={draft.until}
              onChange={(event) => set('until', event.target.value)}
            />
          )}
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-skip`}>{t('form.skipDate')}</Label>
            <div className="flex gap-2">
              <Input id={`${id}-skip`} type="date" value={skip} onChange={(event) => setSkip(event.target.value)} />
              <Button
                variant="outline"
                disabled={!skip || draft.exceptions.includes(skip)}
                onClick={() => {
                  set('exceptions', [...draft.exceptions, skip]);
                  setSkip('');
                }}
              >
                <Plus aria-hidden="true" />
                {t('form.addSkip')}
              </Button>
            </div>
            {draft.exceptions.length > 0 ? (
              <ul aria-label={t('form.skipped')} className="flex flex-wrap gap-2">
                {draft.exceptions.map((date) => (
                  <li key={date} className="flex items-center gap-1 rounded-full bg-muted px-2 text-sm">
                    {date}
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-6"
                      aria-label={t('form.removeSkip', { date })}
                      onClick={() =>
                        set(
                          'exceptions',
                          draft.exceptions.filter((skipped) => skipped !== date),
                        )
                      }
                    >
                      <X aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </>
      )}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
