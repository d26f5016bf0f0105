import {
  CHECKLIST_ITEMS_MAX,
  type CreateGoalBody,
  GOAL_DESCRIPTION_MAX,
  GOAL_KINDS,
  GOAL_TITLE_MAX,
  type Goal,
  type GoalKind,
  type UpdateGoalBody,
  WEEKLY_MINUTES_MAX,
  WEEKLY_MINUTES_MIN,
  WEEKLY_XP_MAX,
  WEEKLY_XP_MIN,
} from '@portal/shared/goals';
import { Plus, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useCreateGoal } from '../api/create-goal';
import { useGoalOptions } from '../api/get-goal-options';
import { useUpdateGoal } from '../api/update-goal';

type Step = { key: string; id?: string; label: string };

type Draft = {
  kind: GoalKind;
  title: string;
  description: string;
  courseId: string;
  dueDate: string;
  targetMinutes: string;
  targetXp: string;
  steps: Step[];
};

let stepKey = 0;
const newStep = (label = '', id?: string): Step => ({ key: `step-${++stepKey}`, label, ...(id ? { id } : {}) });

function draftFrom(goal: Goal | null): Draft {
  return {
    kind: goal?.kind ?? 'checklist',
    title: goal?.title ?? '',
    description: goal?.description ?? '',
    courseId: goal?.course?.id ?? '',
    dueDate: goal?.due_date ?? '',
    targetMinutes: String(goal?.target_minutes ?? 120),
    targetXp: String(goal?.target_xp ?? 200),
    steps: goal?.items.length ? goal.items.map((item) => newStep(item.label, item.id)) : [newStep(), newStep()],
  };
}

type Errors = Partial<Record<'title' | 'courseId' | 'dueDate' | 'targetMinutes' | 'targetXp' | 'steps', string>>;

/** Creates a goal of any kind, or edits one (its kind stays). */
export function GoalFormDialog({
  open,
  goal,
  onOpenChange,
}: {
  open: boolean;
  goal: Goal | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('goals');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('form.close')} className="max-h-[90vh] max-w-xl overflow-y-auto">
        <DialogTitle>{goal ? t('form.editTitle') : t('form.createTitle')}</DialogTitle>
        <DialogDescription>{goal ? t('form.editDescription') : t('form.createDescription')}</DialogDescription>
        {open ? <GoalForm key={goal?.id ?? 'new'} goal={goal} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function GoalForm({ goal, onDone }: { goal: Goal | null; onDone: () => void }) {
  const { t } = useTranslation('goals');
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftFrom(goal));
  const [errors, setErrors] = useState<Errors>({});
  const [failed, setFailed] = useState(false);
  const options = useGoalOptions();
  const create = useCreateGoal();
  const update = useUpdateGoal();
  const saving = create.isPending || update.isPending;
  const kind = draft.kind;
  const today = options.data?.today;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const validate = (): Errors => {
    const found: Errors = {};
    if (!draft.title.trim()) found.title = t('form.errors.title');
    if (kind === 'course_by_date' && !draft.courseId) found.courseId = t('form.errors.course');
    if (kind === 'course_by_date' && !draft.dueDate) found.dueDate = t('form.errors.dueDate');
    if (draft.dueDate && today && draft.dueDate < today && draft.dueDate !== goal?.due_date) {
      found.dueDate = t('form.errors.pastDate');
    }
    const minutes = Number(draft.targetMinutes);
    if (
      kind === 'study_minutes_weekly' &&
      !(Number.isInteger(minutes) && minutes >= WEEKLY_MINUTES_MIN && minutes <= WEEKLY_MINUTES_MAX)
    ) {
      found.targetMinutes = t('form.errors.range', { min: WEEKLY_MINUTES_MIN, max: WEEKLY_MINUTES_MAX });
    }
    const xp = Number(draft.targetXp);
    if (kind === 'xp_weekly' && !(Number.isInteger(xp) && xp >= WEEKLY_XP_MIN && xp <= WEEKLY_XP_MAX)) {
      found.targetXp = t('form.errors.range', { min: WEEKLY_XP_MIN, max: WEEKLY_XP_MAX });
    }
    if (kind === 'checklist' && draft.steps.every((step) => !step.label.trim())) found.steps = t('form.errors.steps');
    return found;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setFailed(false);
    if (Object.keys(found).length > 0) {
      // The first field at fault gets focus, so its message is read out with it.
      const form = event.currentTarget;
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const title = draft.title.trim();
    const description = draft.description.trim() || null;
    const dueDate = draft.dueDate || null;
    const steps = draft.steps.filter((step) => step.label.trim());
    const onSuccess = () => {
      toast.success(goal ? t('toasts.saved') : t('toasts.created', { title }));
      onDone();
    };
    const onError = () => setFailed(true);
    if (goal) {
      const changes: UpdateGoalBody = { title, description, due_date: dueDate };
      if (kind === 'course_by_date') Object.assign(changes, { course_id: draft.courseId, due_date: draft.dueDate });
      if (kind === 'study_minutes_weekly') changes.target_minutes = Number(draft.targetMinutes);
      if (kind === 'xp_weekly') changes.target_xp = Number(draft.targetXp);
      if (kind === 'checklist') {
        changes.items = steps.map((step) => ({ label: step.label.trim(), ...(step.id ? { id: step.id } : {}) }));
      }
      update.mutate({ goalId: goal.id, changes }, { onSuccess, onError });
      return;
    }
    const body: CreateGoalBody =
      kind === 'course_by_date'
        ? { kind, title, description, course_id: draft.courseId, due_date: draft.dueDate }
        : kind === 'study_minutes_weekly'
          ? { kind, title, description, target_minutes: Number(draft.targetMinutes), due_date: dueDate }
          : kind === 'xp_weekly'
            ? { kind, title, description, target_xp: Number(draft.targetXp), due_date: dueDate }
            : { kind, title, description, items: steps.map((step) => step.label.trim()), due_date: dueDate };
    create.mutate(body, { onSuccess, onError });
  };

  const dueDateLabel = kind === 'course_by_date' ? t('form.dueDate') : t('form.dueDateOptional');
  return (
    <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
      {goal ? null : (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">{t('form.kind')}</legend>
          <RadioGroup value={kind} onValueChange={(value) => set('kind', value as GoalKind)} className="gap-3">
            {GOAL_KINDS.map((option) => (
              <label
                key={option}
                htmlFor={`${id}-kind-${option}`}
                className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent"
              >
                <RadioGroupItem id={`${id}-kind-${option}`} value={option} className="mt-0.5" />
                <span className="flex flex-col gap-0.5">
                  <span className="text-sm font-medium">{t(`kinds.${option}.label`)}</span>
                  <span className="text-sm text-muted-foreground">{t(`kinds.${option}.hint`)}</span>
                </span>
              </label>
            ))}
          </RadioGroup>
        </fieldset>
      )}

      <FormField
        label={t('form.title')}
        value={draft.title}
        maxLength={GOAL_TITLE_MAX}
        onChange={(event) => set('title', event.target.value)}
        error={errors.title}
        required
      />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-description`}>{t('form.description')}</Label>
        <Textarea
          id={`${id}-description`}
          value={draft.description}
          maxLength={GOAL_DESCRIPTION_MAX}
          onChange={(event) => set('description', event.target.value)}
        />
      </div>

      {kind === 'course_by_date' ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-course`}>{t('form.course')}</Label>
          <Select value={draft.courseId} onValueChange={(value) => set('courseId', value)}>
            <SelectTrigger
              id={`${id}-course`}
              aria-invalid={errors.courseId ? true : undefined}
              aria-describedby={errors.courseId ? `${id}-course-error` : undefined}
            >
              <SelectValue placeholder={t('form.coursePlaceholder')} />
            </SelectTrigger>
            <SelectContent>
              {(options.data?.courses ?? []).map((course) => (
                <SelectItem key={course.id} value={course.id}>
                  {t('form.courseOption', { title: course.title, percent: course.percent })}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {options.data && options.data.courses.length === 0 ? (
            <p className="text-xs text-muted-foreground">{t('form.noCourses')}</p>
          ) : null}
          {errors.courseId ? (
            <p id={`${id}-course-error`} className="text-sm text-destructive">
              {errors.courseId}
            </p>
          ) : null}
        </div>
      ) : null}

      {kind === 'study_minutes_weekly' ? (
        <FormField
          label={t('form.targetMinutes')}
          type="number"
          inputMode="numeric"
          min={WEEKLY_MINUTES_MIN}
          max={WEEKLY_MINUTES_MAX}
          value={draft.targetMinutes}
          onChange={(event) => set('targetMinutes', event.target.value)}
          hint={t('form.targetMinutesHint')}
          error={errors.targetMinutes}
        />
      ) : null}

      {kind === 'xp_weekly' ? (
        <FormField
          label={t('form.targetXp')}
          type="number"
          inputMode="numeric"
          min={WEEKLY_XP_MIN}
          max={WEEKLY_XP_MAX}
          value={draft.targetXp}
          onChange={(event) => set('targetXp', event.target.value)}
          hint={t('form.targetXpHint')}
          error={errors.targetXp}
        />
      ) : null}

      {kind === 'checklist' ? (
        <fieldset className="flex flex-col gap-2" aria-describedby={errors.steps ? `${id}-steps-error` : undefined}>
          <legend className="mb-1 text-sm font-medium">{t('form.steps')}</legend>
          {draft.steps.map((step, index) => (
            <div key={step.key} className="flex items-center gap-2">
              <Input
                aria-label={t('form.stepLabel', { number: index + 1 })}
                value={step.label}
                maxLength={200}
                onChange={(event) =>
                  set(
                    'steps',
                    draft.steps.map((candidate) =>
                      candidate.key === step.key ? { ...candidate, label: event.target.value } : candidate,
                    ),
                  )
                }
              />
              <Button
                variant="ghost"
                size="icon"
                disabled={draft.steps.length <= 1}
                aria-label={t('form.removeStep', { number: index + 1 })}
                onClick={() =>
                  set(
                    'steps',
                    draft.steps.filter((candidate) => candidate.key !== step.key),
                  )
                }
              >
                <X aria-hidden="true" />
              </Button>
            </div>
          ))}
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            disabled={draft.steps.length >= CHECKLIST_ITEMS_MAX}
            onClick={() => set('steps', [...draft.steps, newStep()])}
          >
            <Plus aria-hidden="true" />
            {t('form.addStep')}
          </Button>
          {errors.steps ? (
            <p id={`${id}-steps-error`} role="alert" className="text-sm text-destructive">
              {errors.steps}
            </p>
          ) : null}
        </fieldset>
      ) : null}

      <FormField
        label={dueDateLabel}
        type="date"
        min={today}
        value={draft.dueDate}
        onChange={(event) => set('dueDate', event.target.value)}
        hint={kind === 'study_minutes_weekly' || kind === 'xp_weekly' ? t('form.untilHint') : undefined}
        error={errors.dueDate}
        required={kind === 'course_by_date'}
      />

      {failed ? <Alert variant="destructive">{t('form.saveFailed')}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? t('form.saving') : goal ? t('form.save') : t('form.create')}
        </Button>
      </div>
    </form>
  );
}
