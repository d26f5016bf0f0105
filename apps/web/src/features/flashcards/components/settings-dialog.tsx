import { type FlashcardSettings, flashcardSettingsSchema } from '@portal/shared/flashcards';
import { SlidersHorizontal } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useFlashcardSettings, useSaveFlashcardSettings } from '../api/flashcard-settings';

const FIELDS = [
  { key: 'desired_retention', min: 0.7, max: 0.97, step: 0.01 },
  { key: 'new_per_day', min: 0, max: 9999, step: 1 },
  { key: 'reviews_per_day', min: 0, max: 99_999, step: 1 },
] as const;

function SettingsForm({ settings, onSaved }: { settings: FlashcardSettings; onSaved: () => void }) {
  const { t } = useTranslation('flashcards');
  const id = useId();
  const [values, setValues] = useState<Record<keyof FlashcardSettings, string>>({
    desired_retention: String(settings.desired_retention),
    new_per_day: String(settings.new_per_day),
    reviews_per_day: String(settings.reviews_per_day),
  });
  const [invalid, setInvalid] = useState(false);
  const save = useSaveFlashcardSettings();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = flashcardSettingsSchema.safeParse({
      desired_retention: Number(values.desired_retention),
      new_per_day: Number(values.new_per_day),
      reviews_per_day: Number(values.reviews_per_day),
    });
    setInvalid(!parsed.success);
    if (!parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(t('settings.saved'));
        onSaved();
      },
      onError: () => toast.error(t('settings.saveFailed')),
    });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      {FIELDS.map((field) => (
        <div key={field.key} className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-${field.key}`}>{t(`settings.${field.key}`)}</Label>
          <Input
            id={`${id}-${field.key}`}
            type="number"
            inputMode="decimal"
            min={field.min}
            max={field.max}
            step={field.step}
            value={values[field.key]}
            onChange={(event) => setValues((previous) => ({ ...previous, [field.key]: event.target.value }))}
            aria-describedby={`${id}-${field.key}-hint`}
            aria-invalid={invalid ? true : undefined}
          />
          <p id={`${id}-${field.key}-hint`} className="text-xs text-muted-foreground">
            {t(`settings.${field.key}Hint`)}
          </p>
        </div>
      ))}
      {invalid ? (
        <p className="text-sm text-destructive" role="alert">
          {t('settings.invalid')}
        </p>
      ) : null}
      <Button type="submit" disabled={save.isPending} className="self-end">
        {t('settings.save')}
      </Button>
    </form>
  );
}

/** Desired retention and the daily limits, kept on the server for this learner. */
export function SettingsDialog() {
  const { t } = useTranslation('flashcards');
  const [open, setOpen] = useState(false);
  const settings = useFlashcardSettings();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <SlidersHorizontal aria-hidden="true" />
          {t('settings.open')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('close')}>
        <DialogTitle>{t('settings.title')}</DialogTitle>
        <DialogDescription>{t('settings.description')}</DialogDescription>
        {settings.data ? (
          <SettingsForm settings={settings.data} onSaved={() => setOpen(false)} />
        ) : (
          <p className="text-sm text-muted-foreground">{settings.isError ? t('settings.loadFailed') : t('loading')}</p>
        )}
      </DialogContent>
    </Dialog>
  );
}
