import type { AdminLesson, AdminModule } from '@portal/shared/admin-courses';
import {
  LESSON_KINDS,
  LESSON_TITLE_MAX,
  type LessonKind,
  PDF_MAX_BYTES,
  PDF_TYPES,
  VIDEO_MAX_BYTES,
  VIDEO_TYPES,
} from '@portal/shared/course-rules';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ApiError } from '@/lib/api';
import { useCreateLesson } from '../api/create-lesson';
import { useUploadLimits } from '../api/get-upload-limits';
import { useMoveLesson } from '../api/move-lesson';
import { useUpdateLesson } from '../api/update-lesson';
import { useUploadLessonFile } from '../api/upload-lesson-file';
import { useAuthoringErrorText } from '../hooks/use-authoring-error-text';
import {
  contentChanged,
  contentFrom,
  draftFrom,
  findProblems,
  type LessonProblems,
  type SetLessonDraft,
} from './lesson-draft';
import { LessonFileField } from './lesson-file-field';
import { LessonVideoFields } from './lesson-video-fields';
import { MarkdownEditor } from './markdown-editor';
import { QuizBuilder } from './quiz-builder';
import { ScormPackagePicker } from './scorm-package-picker';

function LessonForm({
  lesson: initialLesson,
  modules,
  moduleId,
  onDone,
}: {
  lesson: AdminLesson | null;
  modules: AdminModule[];
  moduleId: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('authoring');
  const errorText = useAuthoringErrorText();
  const ids = { kind: useId(), module: useId() };
  const limits = useUploadLimits();
  const create = useCreateLesson();
  const update = useUpdateLesson();
  const move = useMoveLesson();
  const upload = useUploadLessonFile();
  // After a create whose upload failed, the form keeps editing the lesson that now exists.
  const [lesson, setLesson] = useState(initialLesson);
  const [draft, setDraft] = useState(() => draftFrom(initialLesson, moduleId));
  const [file, setFile] = useState<File | null>(null);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  // Once a save was tried, what still needs attention is shown as the author edits, so a fixed field clears at once.
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = create.isPending || update.isPending || move.isPending || upload.isPending;
  const set: SetLessonDraft = (key, value) => setDraft((current) => ({ ...current, [key]: value }));
  const needsFile = draft.kind === 'pdf' || (draft.kind === 'video' && draft.videoSource === 'upload');
  const fileKind = draft.kind === 'pdf' ? 'pdf' : 'video';
  const fileLimits =
    fileKind === 'pdf'
      ? { types: limits.data?.pdf.types ?? PDF_TYPES, max: limits.data?.pdf.max_bytes ?? PDF_MAX_BYTES }
      : { types: limits.data?.video.types ?? VIDEO_TYPES, max: limits.data?.video.max_bytes ?? VIDEO_MAX_BYTES };
  const existingFile =
    lesson && lesson.content.kind === draft.kind && 'file' in lesson.content ? lesson.content.file : null;
  const pageCount = lesson?.content.kind === 'pdf' ? lesson.content.page_count : null;
  const found = findProblems(draft, file, lesson);
  const problems: LessonProblems | null = checked && Object.keys(found).length > 0 ? found : null;

  /** The server's reason for refusing a SCORM package, in the author's words. */
  const scormRefusal = (error: unknown) => {
    if (!(error instanceof ApiError)) return null;
    if (error.reasons.includes('scorm_package_missing')) return t('lessons.form.scormPackage.missing');
    if (error.reasons.includes('scorm_package_not_ready')) return t('lessons.form.scormPackage.refusedNotReady');
    return null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setChecked(true);
    if (Object.keys(found).length > 0) {
      // Take the author to the first field that needs attention.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    try {
      let saved: AdminLesson;
      if (lesson) {
        const changes = contentChanged(draft, lesson)
          ? { title: draft.title.trim(), content: contentFrom(draft) }
          : { title: draft.title.trim() };
        saved = await update.mutateAsync({ lessonId: lesson.id, changes });
        if (draft.moduleId !== lesson.module_id) {
          await move.mutateAsync({
            lessonId: lesson.id,
            body: { module_id: draft.moduleId, position: Number.MAX_SAFE_INTEGER },
          });
        }
      } else {
        saved = await create.mutateAsync({
          moduleId: draft.moduleId,
          body: { title: draft.title.trim(), content: contentFrom(draft) },
        });
        setLesson(saved);
      }
      if (needsFile && file) {
        setUploadPercent(0);
        saved = await upload.mutateAsync({ lessonId: saved.id, kind: fileKind, file, onProgress: setUploadPercent });
        setLesson(saved);
        setFile(null);
      }
      toast.success(initialLesson ? t('lessons.saved') : t('lessons.created', { title: saved.title }));
      onDone();
    } catch (error) {
      setUploadPercent(null);
      setFailure(scormRefusal(error) ?? errorText(error));
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.kind}>{t('lessons.form.kind')}</Label>
          <Select
            value={draft.kind}
            disabled={Boolean(lesson)}
            onValueChange={(value) => set('kind', value as LessonKind)}
          >
            <SelectTrigger id={ids.kind}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {LESSON_KINDS.map((kind) => (
                <SelectItem key={kind} value={kind}>
                  {t(`kinds.${kind}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.module}>{t('lessons.form.module')}</Label>
          <Select value={draft.moduleId} onValueChange={(value) => set('moduleId', value)}>
            <SelectTrigger id={ids.module}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {modules.map((module) => (
                <SelectItem key={module.id} value={module.id}>
                  {t('modules.numbered', { number: module.position + 1, title: module.title })}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <FormField
        label={t('lessons.form.title')}
        value={draft.title}
        maxLength={LESSON_TITLE_MAX}
        required
        error={problems?.title ? t('lessons.form.titleRequired') : undefined}
        onChange={(event) => set('title', event.target.value)}
      />

      {draft.kind === 'text' ? (
        <MarkdownEditor value={draft.markdown} onChange={(value) => set('markdown', value)} />
      ) : null}

      {draft.kind === 'video' ? <LessonVideoFields draft={draft} set={set} problems={problems} /> : null}

      {needsFile ? (
        <LessonFileField
          fileKind={fileKind}
          file={file}
          existingFile={existingFile}
          pageCount={pageCount}
          types={fileLimits.types}
          maxBytes={fileLimits.max}
          disabled={busy}
          onFile={setFile}
          missing={Boolean(problems?.file)}
          uploadPercent={uploadPercent}
        />
      ) : null}

      {draft.kind === 'quiz' ? (
        <QuizBuilder value={draft.quiz} onChange={(quiz) => set('quiz', quiz)} problems={problems?.quiz ?? null} />
      ) : null}

      {draft.kind === 'scorm' ? (
        <ScormPackagePicker
          value={draft.packageId}
          onChange={(packageId) => set('packageId', packageId)}
          invalid={Boolean(problems?.packageId)}
        />
      ) : null}

      {problems ? <Alert variant="destructive">{t('lessons.form.fixProblems')}</Alert> : null}
      {failure ? <Alert variant="destructive">{failure}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          {busy ? t('saving') : lesson ? t('lessons.form.save') : t('lessons.form.create')}
        </Button>
      </div>
    </form>
  );
}

/** Create or edit a lesson of any kind; uploads show their progress. */
export function LessonFormDialog({
  open,
  onOpenChange,
  lesson,
  modules,
  moduleId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  lesson: AdminLesson | null;
  modules: AdminModule[];
  moduleId: string;
}) {
  const { t } = useTranslation('authoring');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')} className="max-h-[92vh] max-w-3xl overflow-y-auto">
        <DialogTitle>{lesson ? t('lessons.form.editTitle') : t('lessons.form.createTitle')}</DialogTitle>
        <DialogDescription>{t('lessons.form.hint')}</DialogDescription>
        {open ? (
          <LessonForm
            key={lesson?.id ?? `new-${moduleId}`}
            lesson={lesson}
            modules={modules}
            moduleId={moduleId}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
