import { type FormEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';

/** A labelled on/off setting with an optional hint read out with it. */
export function SettingSwitch({
  label,
  hint,
  checked,
  onCheckedChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div className="flex flex-col gap-1">
        <Label htmlFor={id}>{label}</Label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
    </div>
  );
}

/** A settings card whose content is a form with Save and, while there are pending edits, Discard. */
export function SettingsFormCard({
  title,
  description,
  dirty,
  saving,
  onSave,
  onDiscard,
  children,
}: {
  title: string;
  description?: string;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('settings');
  const headingId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle id={headingId}>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} aria-labelledby={headingId} className="flex flex-col gap-5">
          {children}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={saving}>
              {saving ? t('saving') : t('save')}
            </Button>
            {dirty ? (
              <Button variant="outline" onClick={onDiscard} disabled={saving}>
                {t('discard')}
              </Button>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

export type ChoiceOption<Value extends string> = { value: Value; label: string; description?: string };

/** A labelled group of radio choices (arrow keys move between them), each with an optional description. */
export function ChoiceGroup<Value extends string>({
  label,
  value,
  onValueChange,
  options,
  columns = 1,
}: {
  label: string;
  value: Value;
  onValueChange: (value: Value) => void;
  options: ChoiceOption<Value>[];
  columns?: 1 | 2 | 3;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <span id={id} className="text-sm font-medium leading-none">
        {label}
      </span>
      <RadioGroup
        aria-labelledby={id}
        value={value}
        onValueChange={(next) => onValueChange(next as Value)}
        // As many columns as fit at the reader's text size, up to `columns`: large text stacks the cards.
        className={cn(
          columns === 2 && 'grid-cols-[repeat(auto-fit,minmax(min(100%,11rem),1fr))]',
          columns === 3 && 'grid-cols-[repeat(auto-fit,minmax(min(100%,10rem),1fr))]',
        )}
      >
        {options.map((option, index) => (
          <label
            key={option.value}
            htmlFor={`${id}-${index}-item`}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-border bg-card px-3 py-2.5 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent"
          >
            <RadioGroupItem
              id={`${id}-${index}-item`}
              value={option.value}
              aria-labelledby={`${id}-${index}`}
              aria-describedby={option.description ? `${id}-${index}-description` : undefined}
            />
            {/* Long labels wrap inside the card, even at the largest text size (a date example has no spaces). */}
            <span className="flex min-w-0 flex-col gap-0.5 [overflow-wrap:anywhere]">
              <span id={`${id}-${index}`} className="text-sm font-medium">
                {option.label}
              </span>
              {option.description ? (
                <span id={`${id}-${index}-description`} className="text-sm text-muted-foreground">
                  {option.description}
                </span>
              ) : null}
            </span>
          </label>
        ))}
      </RadioGroup>
    </div>
  );
}
