import type { AdminModule } from '@portal/shared/admin-courses';
import { COURSE_DESCRIPTION_MAX, MODULE_TITLE_MAX } from '@portal/shared/course-rules';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useCreateModule } from '../api/create-module';
import { useUpdateModule } from '../api/update-module';
import { useAuthoringErrorText } from '../hooks/use-authoring-error-text';

const NONE = 'none';

function ModuleForm({
  courseId,
  module,
  modules,
  onDone,
}: {
  courseId: string;
  module: AdminModule | null;
  modules: AdminModule[];
  onDone: () => void;
}) {
  const { t } = useTranslation('authoring');
  const errorText = useAuthoringErrorText();
  const ids = { description: useId(), prerequisite: useId() };
  const create = useCreateModule();
  const update = useUpdateModule();
  const [title, setTitle] = useState(module?.title ?? '');
  const [description, setDescription] = useState(module?.description ?? '');
  const [prerequisite, setPrerequisite] = useState(module?.prerequisite_module_id ?? NONE);
  const [submitted, setSubmitted] = useState(false);
  const pending = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const candidates = modules.filter((entry) => entry.id !== module?.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!title.trim()) return;
    const body = {
      title: title.trim(),
      description: description.trim(),
      prerequisite_module_id: prerequisite === NONE ? null : prerequisite,
    };
    const onSuccess = () => {
      toast.success(module ? t('modules.saved') : t('modules.created', { title: body.title }));
      onDone();
    };
    if (module) update.mutate({ moduleId: module.id, changes: body }, { onSuccess });
    else create.mutate({ courseId, body }, { onSuccess });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField
        label={t('modules.form.title')}
        value={title}
        maxLength={MODULE_TITLE_MAX}
        required
        error={submitted && !title.trim() ? t('modules.form.titleRequired') : undefined}
        onChange={(event) => setTitle(event.target.value)}
      />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.description}>{t('modules.form.description')}</Label>
        <Textarea
          id={ids.description}
          rows={3}
          maxLength={COURSE_DESCRIPTION_MAX}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.prerequisite}>{t('modules.form.prerequisite')}</Label>
        <Select value={prerequisite} onValueChange={setPrerequisite}>
          <SelectTrigger id={ids.prerequisite} aria-describedby={`${ids.prerequisite}-hint`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NONE}>{t('modules.form.noPrerequisite')}</SelectItem>
            {candidates.map((entry) => (
              <SelectItem key={entry.id} value={entry.id}>
                {t('modules.numbered', { number: entry.position + 1, title: entry.title })}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p id={`${ids.prerequisite}-hint`} className="text-xs text-muted-foreground">
          {t('modules.form.prerequisiteHint')}
        </p>
      </div>
      {failure ? <Alert variant="destructive">{errorText(failure)}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? t('saving') : module ? t('modules.form.save') : t('modules.form.create')}
        </Button>
      </div>
    </form>
  );
}

export function ModuleFormDialog({
  open,
  onOpenChange,
  courseId,
  module,
  modules,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  courseId: string;
  module: AdminModule | null;
  modules: AdminModule[];
}) {
  const { t } = useTranslation('authoring');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')} className="max-h-[90vh] overflow-y-auto">
        <DialogTitle>{module ? t('modules.form.editTitle') : t('modules.form.createTitle')}</DialogTitle>
        <DialogDescription>{t('modules.form.hint')}</DialogDescription>
        {open ? (
          <ModuleForm
            key={module?.id ?? 'new'}
            courseId={courseId}
            module={module}
            modules={modules}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
