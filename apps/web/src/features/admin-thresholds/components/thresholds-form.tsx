import { BADGES } from '@portal/shared/gamification-catalog';
import { type GamificationSettings, gamificationSettingsSchema } from '@portal/shared/gamification-settings';
import { XP_EVENT_TYPES, type XpEventType } from '@portal/shared/gamification-xp';
import { nextLevelThreshold } from '@portal/shared/levels';
import { Minus, Plus, RotateCcw } from 'lucide-react';
import { type ComponentProps, type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useUpdateGamificationSettings } from '../api/update-gamification-settings';

/** A whole-number field; an empty field is NaN (invalid) unless `emptyIsNull`. */
function NumberField({
  label,
  value,
  onValue,
  emptyIsNull = false,
  labelHidden = false,
  hint,
  ...props
}: Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  label: string;
  value: number | null;
  onValue: (value: number | null) => void;
  emptyIsNull?: boolean;
  labelHidden?: boolean;
  hint?: string;
}) {
  const id = useId();
  const invalid = value !== null && (!Number.isInteger(value) || value < 0);
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id} className={labelHidden ? 'sr-only' : 'text-xs text-muted-foreground'}>
        {label}
      </Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={value === null || Number.isNaN(value) ? '' : value}
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => {
          const text = event.target.value.trim();
          onValue(text === '' ? (emptyIsNull ? null : Number.NaN) : Number(text));
        }}
        {...props}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Level thresholds, XP per event and daily caps, badge thresholds and at-risk days, saved together. */
export function ThresholdsForm({
  initial,
  defaults,
}: {
  initial: GamificationSettings;
  defaults: GamificationSettings;
}) {
  const { t } = useTranslation('gamification');
  const [draft, setDraft] = useState<GamificationSettings>(initial);
  const save = useUpdateGamificationSettings();
  const parsed = gamificationSettingsSchema.safeParse(draft);
  const levelsInvalid = !parsed.success && parsed.error.issues.some((issue) => issue.path[0] === 'level_thresholds');
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);

  const setLevel = (index: number, value: number | null) =>
    setDraft((current) => ({
      ...current,
      level_thresholds: current.level_thresholds.map((old, i) => (i === index ? (value ?? Number.NaN) : old)),
    }));
  const setRule = (event: XpEventType, field: 'xp' | 'daily_cap', value: number | null) =>
    setDraft((current) => ({
      ...current,
      xp_rules: {
        ...current.xp_rules,
        [event]: { ...current.xp_rules[event], [field]: field === 'xp' ? (value ?? Number.NaN) : value },
      },
    }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(t('thresholds.saved')),
      onError: () => toast.error(t('thresholds.saveFailed')),
    });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-6 [&_input]:scroll-mb-28" noValidate>
      <Section title={t('thresholds.levels.title')} description={t('thresholds.levels.description')}>
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-5">
          {draft.level_thresholds.map((threshold, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a level is its position
            <li key={index}>
              <NumberField
                label={t('thresholds.levels.level', { level: index + 1 })}
                value={threshold}
                onValue={(value) => setLevel(index, value)}
                disabled={index === 0}
              />
            </li>
          ))}
        </ol>
        {levelsInvalid ? (
          <Alert variant="destructive" className="mt-4">
            {t('thresholds.levels.invalid')}
          </Alert>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={draft.level_thresholds.length >= 100}
            onClick={() =>
              setDraft((current) => ({
                ...current,
                level_thresholds: [
                  ...current.level_thresholds,
                  nextLevelThreshold(current.level_thresholds[current.level_thresholds.length - 1] ?? 0),
                ],
              }))
            }
          >
            <Plus aria-hidden="true" />
            {t('thresholds.levels.add')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={draft.level_thresholds.length <= 2}
            onClick={() =>
              setDraft((current) => ({ ...current, level_thresholds: current.level_thresholds.slice(0, -1) }))
            }
          >
            <Minus aria-hidden="true" />
            {t('thresholds.levels.removeLast')}
          </Button>
        </div>
      </Section>

      <Section title={t('thresholds.xp.title')} description={t('thresholds.xp.description')}>
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-xs text-muted-foreground">
              <th scope="col" className="pb-2 font-medium">
                {t('thresholds.xp.event')}
              </th>
              <th scope="col" className="pb-2 font-medium">
                {t('thresholds.xp.xp')}
              </th>
              <th scope="col" className="pb-2 font-medium">
                {t('thresholds.xp.cap')}
              </th>
            </tr>
          </thead>
          <tbody>
            {XP_EVENT_TYPES.map((event) => {
              const name = t(`events.${event}`);
              return (
                <tr key={event} className="border-t border-border">
                  <th scope="row" className="py-2 pr-4 text-left font-normal">
                    {name}
                  </th>
                  <td className="py-2 pr-4">
                    <NumberField
                      label={t('thresholds.xp.xpLabel', { event: name })}
                      labelHidden
                      value={draft.xp_rules[event].xp}
                      onValue={(value) => setRule(event, 'xp', value)}
                    />
                  </td>
                  <td className="py-2">
                    <NumberField
                      label={t('thresholds.xp.capLabel', { event: name })}
                      labelHidden
                      emptyIsNull
                      placeholder={t('thresholds.xp.noCap')}
                      value={draft.xp_rules[event].daily_cap}
                      onValue={(value) => setRule(event, 'daily_cap', value)}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Section>

      <Section title={t('thresholds.badges.title')} description={t('thresholds.badges.description')}>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {BADGES.map((badge) => (
            <li key={badge.key}>
              <NumberField
                label={t('thresholds.badges.label', { name: t(`badges.${badge.key}.name`) })}
                value={draft.badge_thresholds[badge.key]}
                hint={
                  Number.isInteger(draft.badge_thresholds[badge.key])
                    ? t(`badges.${badge.key}.description`, { count: draft.badge_thresholds[badge.key] })
                    : undefined
                }
                min={1}
                onValue={(value) =>
                  setDraft((current) => ({
                    ...current,
                    badge_thresholds: { ...current.badge_thresholds, [badge.key]: value ?? Number.NaN },
                  }))
                }
              />
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t('thresholds.atRisk.title')} description={t('thresholds.atRisk.description')}>
        <div className="max-w-48">
          <NumberField
            label={t('thresholds.atRisk.label')}
            value={draft.at_risk_days}
            min={1}
            max={365}
            onValue={(value) => setDraft((current) => ({ ...current, at_risk_days: value ?? Number.NaN }))}
          />
        </div>
      </Section>

      {!parsed.success && !levelsInvalid ? <Alert variant="destructive">{t('thresholds.invalid')}</Alert> : null}
      <div className="bottom-0 flex flex-wrap justify-end gap-2 border-t border-border bg-background/95 py-4 sm:[@media(min-height:36rem)]:sticky">
        <Button variant="outline" onClick={() => setDraft(defaults)}>
          <RotateCcw aria-hidden="true" />
          {t('thresholds.reset')}
        </Button>
        <Button variant="outline" disabled={!dirty} onClick={() => setDraft(initial)}>
          {t('thresholds.discard')}
        </Button>
        <Button type="submit" disabled={!parsed.success || !dirty || save.isPending}>
          {save.isPending ? t('thresholds.saving') : t('thresholds.save')}
        </Button>
      </div>
    </form>
  );
}
