import {
  isHttpsLink,
  LIVE_TITLE_MAX,
  type LiveEditScope,
  type LiveSession,
  type UpdateLiveSessionBody,
} from '@portal/shared/live';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Textarea } from '@/components/ui/textarea';
import { useCancelLiveSession } from '../api/cancel-live-session';
import { useUpdateLiveSession } from '../api/update-live-session';
import { validateBasics } from './schedule-draft';

function ScopeChoice({ value, onChange }: { value: LiveEditScope; onChange: (scope: LiveEditScope) => void }) {
  const { t } = useTranslation('live');
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{t('form.scope')}</legend>
      <RadioGroup value={value} onValueChange={(scope) => onChange(scope as LiveEditScope)} className="gap-2">
        {(['this', 'following'] as const).map((scope) => (
          <label key={scope} htmlFor={`${id}-${scope}`} className="flex items-center gap-2 text-sm">
            <RadioGroupItem id={`${id}-${scope}`} value={scope} />
            {t(`form.scopes.${scope}`)}
          </label>
        ))}
      </RadioGroup>
    </fieldset>
  );
}

/** The host changes one occurrence or the rest of its series; after the session only the recording link remains. */
export function EditSessionDialog({ session, onClose }: { session: LiveSession | null; onClose: () => void }) {
  const { t } = useTranslation('live');
  return (
    <Dialog open={session !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t('form.close')} className="max-h-[90vh] max-w-xl overflow-y-auto">
        <DialogTitle>{t('form.editTitle')}</DialogTitle>
        <DialogDescription>{session?.title}</DialogDescription>
        {session ? <EditForm key={session.id} session={session} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditForm({ session, onDone }: { session: LiveSession; onDone: () => void }) {
  const { t } = useTranslation('live');
  const id = useId();
  const ended = Date.parse(session.ends_at) <= Date.now();
  const [scope, setScope] = useState<LiveEditScope>('this');
  const [title, setTitle] = useState(session.title);
  const [description, setDescription] = useState(session.description);
  const [start, setStart] = useState(session.start_local);
  const [duration, setDuration] = useState(String(session.duration_minutes));
  const [capacity, setCapacity] = useState(session.capacity === null ? '' : String(session.capacity));
  const [meetingUrl, setMeetingUrl] = useState(session.meeting_url ?? '');
  const [recordingUrl, setRecordingUrl] = useState(session.recording_url ?? '');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failed, setFailed] = useState(false);
  const update = useUpdateLiveSession();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string | undefined> = ended
      ? {}
      : validateBasics({ title, start, timeZone: session.time_zone, duration, capacity, meetingUrl }, t, {
          startChanged: start !== session.start_local,
        });
    if (recordingUrl.trim() && !isHttpsLink(recordingUrl.trim())) found.recordingUrl = t('form.errors.https');
    const shown = Object.fromEntries(Object.entries(found).filter(([, message]) => message));
    setErrors(shown);
    setFailed(false);
    if (Object.keys(shown).length > 0) return;
    const changes: UpdateLiveSessionBody = { scope };
    if (!ended) {
      if (title.trim() !== session.title) changes.title = title.trim();
      if (description.trim() !== session.description) changes.description = description.trim();
      if (start !== session.start_local) changes.start_local = start;
      if (Number(duration) !== session.duration_minutes) changes.duration_minutes = Number(duration);
      const newCapacity = capacity.trim() ? Number(capacity) : null;
      if (newCapacity !== session.capacity) changes.capacity = newCapacity;
      if ((meetingUrl.trim() || null) !== session.meeting_url) changes.meeting_url = meetingUrl.trim() || null;
    }
    if ((recordingUrl.trim() || null) !== session.recording_url) changes.recording_url = recordingUrl.trim() || null;
    update.mutate(
      { sessionId: session.id, changes },
      {
        onSuccess: () => {
          toast.success(t('toasts.saved'));
          onDone();
        },
        onError: () => setFailed(true),
      },
    );
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      {session.series_id && !ended ? <ScopeChoice value={scope} onChange={setScope} /> : null}
      {ended ? null : (
        <>
          <FormField
            label={t('form.title')}
            value={title}
            maxLength={LIVE_TITLE_MAX}
            onChange={(event) => setTitle(event.target.value)}
            error={errors.title}
          />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-description`}>{t('form.description')}</Label>
            <Textarea
              id={`${id}-description`}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
          </div>
          <FormField
            label={t('form.startIn', { zone: session.time_zone })}
            type="datetime-local"
            value={start}
            onChange={(event) => setStart(event.target.value)}
            error={errors.start}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label={t('form.duration')}
              type="number"
              value={duration}
              onChange={(event) => setDuration(event.target.value)}
              error={errors.duration}
            />
            <FormField
              label={t('form.capacity')}
              type="number"
              value={capacity}
              onChange={(event) => setCapacity(event.target.value)}
              hint={t('form.capacityHint')}
              error={errors.capacity}
            />
          </div>
          <FormField
            label={t('form.meetingUrl')}
            type="url"
            value={meetingUrl}
            onChange={(event) => setMeetingUrl(event.target.value)}
            error={errors.meetingUrl}
          />
        </>
      )}
      <FormField
        label={t('form.recordingUrl')}
        type="url"
        value={recordingUrl}
        onChange={(event) => setRecordingUrl(event.target.value)}
        hint={t('form.recordingUrlHint')}
        error={errors.recordingUrl}
      />
      {failed ? <Alert variant="destructive">{t('form.saveFailed')}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('form.saving') : t('form.save')}
        </Button>
      </div>
    </form>
  );
}

/** Cancelling asks once, and for a series whether the later sessions go too. */
export function CancelSessionDialog({ session, onClose }: { session: LiveSession | null; onClose: () => void }) {
  const { t } = useTranslation('live');
  const [scope, setScope] = useState<LiveEditScope>('this');
  const cancel = useCancelLiveSession();
  const confirm = () => {
    if (!session) return;
    cancel.mutate(
      { sessionId: session.id, scope },
      {
        onSuccess: () => {
          toast.success(t('toasts.cancelled', { title: session.title }));
          onClose();
        },
        onError: () => toast.error(t('toasts.cancelFailed')),
      },
    );
  };
  return (
    <Dialog open={session !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t('form.close')}>
        <DialogTitle>{t('cancelDialog.title')}</DialogTitle>
        <DialogDescription>{t('cancelDialog.description', { title: session?.title ?? '' })}</DialogDescription>
        {session?.series_id ? <ScopeChoice value={scope} onChange={setScope} /> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            {t('cancelDialog.keep')}
          </Button>
          <Button variant="destructive" disabled={cancel.isPending} onClick={confirm}>
            {t('cancelDialog.confirm')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
