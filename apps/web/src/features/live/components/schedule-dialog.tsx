import { AUDIENCES_OF_KIND, LIVE_TITLE_MAX, type LiveAudience, type LiveKind } from '@portal/shared/live';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { useLiveOptions } from '../api/get-live-options';
import { useScheduleLiveSession } from '../api/schedule-live-session';
import { NativeSelect } from './native-select';
import { emptyRecurrence, RecurrenceFields } from './recurrence-fields';
import { type ScheduleDraft, type ScheduleErrors, scheduleBody, timeZones, validateSchedule } from './schedule-draft';

/** "Schedule a session": classes for instructors and admins, study groups for everyone with the live hub. */
export function ScheduleDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('live');
  const options = useLiveOptions({ enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('form.close')} className="max-h-[90vh] max-w-xl overflow-y-auto">
        <DialogTitle>{t('form.scheduleTitle')}</DialogTitle>
        <DialogDescription>{t('form.scheduleDescription')}</DialogDescription>
        {options.isPending ? <Spinner label={t('loading')} /> : null}
        {options.isError ? <Alert variant="destructive">{t('loadFailed')}</Alert> : null}
        {open && options.data ? (
          <ScheduleForm
            kinds={options.data.kinds}
            courses={options.data.courses}
            timeZone={options.data.time_zone}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ScheduleForm({
  kinds,
  courses,
  timeZone,
  onDone,
}: {
  kinds: LiveKind[];
  courses: { id: string; title: string }[];
  timeZone: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('live');
  const id = useId();
  const firstKind = kinds[0] ?? 'study_group';
  const [draft, setDraft] = useState<ScheduleDraft>({
    kind: firstKind,
    title: '',
    description: '',
    courseId: '',
    start: '',
    timeZone,
    duration: '60',
    capacity: '',
    meetingUrl: '',
    audience: AUDIENCES_OF_KIND[firstKind][0] ?? 'invited',
    invitees: '',
    recurrence: emptyRecurrence(),
  });
  const [errors, setErrors] = useState<ScheduleErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const schedule = useScheduleLiveSession();
  const set = <K extends keyof ScheduleDraft>(key: K, value: ScheduleDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const chooseKind = (kind: LiveKind) =>
    setDraft((current) => ({ ...current, kind, audience: AUDIENCES_OF_KIND[kind][0] ?? 'invited' }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSchedule(draft, t);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    schedule.mutate(scheduleBody(draft), {
      onSuccess: (sessions) => {
        toast.success(t('toasts.scheduled', { count: sessions.length, title: draft.title.trim() }));
        onDone();
      },
      onError: (error) => {
        const reason = error instanceof ApiError ? error.reasons[0] : undefined;
        setFailure(
          error instanceof ApiError && error.status === 400 && reason?.includes('@')
            ? t('form.errors.unknownInvitees', { emails: error.reasons.join(', ') })
            : t('form.saveFailed'),
        );
      },
    });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      {kinds.length > 1 ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t('form.kind')}</legend>
          <RadioGroup value={draft.kind} onValueChange={(value) => chooseKind(value as LiveKind)} className="gap-2">
            {kinds.map((kind) => (
              <label key={kind} htmlFor={`${id}-kind-${kind}`} className="flex items-center gap-2 text-sm">
                <RadioGroupItem id={`${id}-kind-${kind}`} value={kind} />
                {t(`kinds.${kind}`)}
              </label>
            ))}
          </RadioGroup>
        </fieldset>
      ) : null}
      <FormField
        label={t('form.title')}
        value={draft.title}
        maxLength={LIVE_TITLE_MAX}
        onChange={(event) => set('title', event.target.value)}
        error={errors.title}
        required
      />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-description`}>{t('form.description')}</Label>
        <Textarea
          id={`${id}-description`}
          value={draft.description}
          onChange={(event) => set('description', event.target.value)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t('form.start')}
          type="datetime-local"
          value={draft.start}
          onChange={(event) => set('start', event.target.value)}
          error={errors.start}
          required
        />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-zone`}>{t('form.timeZone')}</Label>
          <NativeSelect
            id={`${id}-zone`}
            value={draft.timeZone}
            onChange={(event) => set('timeZone', event.target.value)}
          >
            {timeZones(timeZone).map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </NativeSelect>
        </div>
        <FormField
          label={t('form.duration')}
          type="number"
          inputMode="numeric"
          value={draft.duration}
          onChange={(event) => set('duration', event.target.value)}
          error={errors.duration}
        />
        <FormField
          label={t('form.capacity')}
          type="number"
          inputMode="numeric"
          value={draft.capacity}
          onChange={(event) => set('capacity', event.target.value)}
          hint={t('form.capacityHint')}
          error={errors.capacity}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-course`}>{t('form.course')}</Label>
        <NativeSelect
          id={`${id}-course`}
          value={draft.courseId}
          aria-invalid={errors.courseId ? true : undefined}
          aria-describedby={errors.courseId ? `${id}-course-error` : undefined}
          onChange={(event) => set('courseId', event.target.value)}
        >
          <option value="">{t('form.noCourse')}</option>
          {courses.map((course) => (
            <option key={course.id} value={course.id}>
              {course.title}
            </option>
          ))}
        </NativeSelect>
        {errors.courseId ? (
          <p id={`${id}-course-error`} className="text-sm text-destructive">
            {errors.courseId}
          </p>
        ) : null}
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('form.audience')}</legend>
        <RadioGroup
          value={draft.audience}
          onValueChange={(value) => set('audience', value as LiveAudience)}
          className="gap-2"
        >
          {AUDIENCES_OF_KIND[draft.kind].map((audience) => (
            <label key={audience} htmlFor={`${id}-audience-${audience}`} className="flex items-center gap-2 text-sm">
              <RadioGroupItem id={`${id}-audience-${audience}`} value={audience} />
              {t(`audiences.${audience}`)}
            </label>
          ))}
        </RadioGroup>
      </fieldset>
      {draft.audience === 'invited' ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-invitees`}>{t('form.invitees')}</Label>
          <Textarea
            id={`${id}-invitees`}
            value={draft.invitees}
            aria-invalid={errors.invitees ? true : undefined}
            aria-describedby={`${id}-invitees-hint${errors.invitees ? ` ${id}-invitees-error` : ''}`}
            onChange={(event) => set('invitees', event.target.value)}
          />
          <p id={`${id}-invitees-hint`} className="text-xs text-muted-foreground">
            {t('form.inviteesHint')}
          </p>
          {errors.invitees ? (
            <p id={`${id}-invitees-error`} className="text-sm text-destructive">
              {errors.invitees}
            </p>
          ) : null}
        </div>
      ) : null}
      <FormField
        label={t('form.meetingUrl')}
        type="url"
        value={draft.meetingUrl}
        onChange={(event) => set('meetingUrl', event.target.value)}
        hint={t('form.meetingUrlHint')}
        error={errors.meetingUrl}
      />
      <RecurrenceFields
        draft={draft.recurrence}
        onChange={(recurrence) => set('recurrence', recurrence)}
        error={errors.recurrence}
      />
      {failure ? <Alert variant="destructive">{failure}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" disabled={schedule.isPending}>
          {schedule.isPending ? t('form.saving') : t('form.schedule')}
        </Button>
      </div>
    </form>
  );
}
