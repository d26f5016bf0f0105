import {
  type AdminLesson,
  type AdminModule,
  LESSON_KINDS,
  LESSON_TITLE_MAX,
  type LessonContentInput,
  type LessonKind,
  PDF_MAX_BYTES,
  PDF_TYPES,
  VIDEO_MAX_BYTES,
  VIDEO_TYPES,
} from '@portal/shared/courses';
import { FileCheck2 } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ApiError } from '@/lib/api';
import { useReturnFocus } from '@/lib/use-return-focus';
import { useCreateLesson } from '../api/create-lesson';
import { useUploadLimits } from '../api/get-upload-limits';
import { useMoveLesson } from '../api/move-lesson';
import { useUpdateLesson } from '../api/update-lesson';
import { useUploadLessonFile } from '../api/upload-lesson-file';
import { useAuthoringErrorText } from '../hooks/use-authoring-error-text';
import { formatBytes } from '../utils';
import { FileDrop, UploadProgress } from './file-drop';
import { MarkdownEditor } from './markdown-editor';
import {
  emptyQuiz,
  findQuizProblems,
  hasQuizProblems,
  QuizBuilder,
  type QuizDraft,
  type QuizProblems,
  quizDraftFrom,
  quizInputFrom,
} from './quiz-builder';
import { ScormPackagePicker } from './scorm-package-picker';

type Draft = {
  kind: LessonKind;
  title: string;
  moduleId: string;
  markdown: string;
  videoSource: 'upload' | 'url';
  videoUrl: string;
  videoMinutes: string;
  videoSeconds: string;
  quiz: QuizDraft;
  packageId: string;
};

function draftFrom(lesson: AdminLesson | null, moduleId: string): Draft {
  const content = lesson?.content;
  const duration = content?.kind === 'video' ? (content.duration_seconds ?? 0) : 0;
  return {
    kind: lesson?.kind ?? 'text',
    title: lesson?.title ?? '',
    moduleId: lesson?.module_id ?? moduleId,
    markdown: content?.kind === 'text' ? content.markdown : '',
    videoSource: content?.kind === 'video' ? content.source : 'upload',
    videoUrl: content?.kind === 'video' && content.source === 'url' ? (content.url ?? '') : '',
    videoMinutes: duration ? String(Math.floor(duration / 60)) : '',
    videoSeconds: duration ? String(Math.round(duration % 60)) : '',
    quiz: content?.kind === 'quiz' ? quizDraftFrom(content) : emptyQuiz(),
    packageId: content?.kind === 'scorm' ? content.package_id : '',
  };
}

type Problems = {
  title?: boolean;
  videoUrl?: boolean;
  duration?: boolean;
  file?: boolean;
  packageId?: boolean;
  quiz?: QuizProblems;
};

function durationOf(draft: Draft): number {
  const minutes = Number.parseInt(draft.videoMinutes || '0', 10);
  const seconds = Number.parseInt(draft.videoSeconds || '0', 10);
  if (!Number.isFinite(minutes) || !Number.isFinite(seconds) || minutes < 0 || seconds < 0) return Number.NaN;
  return minutes * 60 + seconds;
}

function findProblems(draft: Draft, file: File | null, lesson: AdminLesson | null): Problems {
  const problems: Problems = {};
  if (!draft.title.trim()) problems.title = true;
  if (draft.kind === 'video' && draft.videoSource === 'url') {
    if (!/^https:\/\/\S+$/i.test(draft.videoUrl.trim())) problems.videoUrl = true;
    const duration = durationOf(draft);
    if (!(duration > 0)) problems.duration = true;
  }
  const hasFile = lesson?.content.kind === draft.kind && 'file' in lesson.content && lesson.content.file !== null;
  if ((draft.kind === 'pdf' || (draft.kind === 'video' && draft.videoSource === 'upload')) && !file && !hasFile) {
    problems.file = true;
  }
  if (draft.kind === 'scorm' && !draft.packageId) problems.packageId = true;
  if (draft.kind === 'quiz') {
    const quiz = findQuizProblems(draft.quiz);
    if (hasQuizProblems(quiz)) problems.quiz = quiz;
  }
  return problems;
}

function contentFrom(draft: Draft): LessonContentInput {
  switch (draft.kind) {
    case 'text':
      return { kind: 'text', markdown: draft.markdown };
    case 'video':
      return draft.videoSource === 'url'
        ? { kind: 'video', source: 'url', url: draft.videoUrl.trim(), duration_seconds: durationOf(draft) }
        : { kind: 'video', source: 'upload', duration_seconds: null };
    case 'pdf':
      return { kind: 'pdf' };
    case 'quiz':
      return { kind: 'quiz', ...quizInputFrom(draft.quiz) };
    case 'scorm':
      return { kind: 'scorm', package_id: draft.packageId };
  }
}

/** Whether saving must send new content (an uploaded video or PDF keeps its file when nothing about it changed). */
function contentChanged(draft: Draft, lesson: AdminLesson): boolean {
  const content = lesson.content;
  if (content.kind === 'pdf') return false;
  if (content.kind === 'video' && draft.kind === 'video') {
    if (content.source !== draft.videoSource) return true;
    if (draft.videoSource === 'upload') return false;
    return content.url !== draft.videoUrl.trim() || content.duration_seconds !== durationOf(draft);
  }
  return true;
}

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
  const ids = { kind: useId(), module: useId(), videoSource: useId() };
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
  const [problems, setProblems] = useState<Problems | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = create.isPending || update.isPending || move.isPending || upload.isPending;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const needsFile = draft.kind === 'pdf' || (draft.kind === 'video' && draft.videoSource === 'upload');
  const fileKind = draft.kind === 'pdf' ? 'pdf' : 'video';
  const fileLimits =
    fileKind === 'pdf'
      ? { types: limits.data?.pdf.types ?? PDF_TYPES, max: limits.data?.pdf.max_bytes ?? PDF_MAX_BYTES }
      : { types: limits.data?.video.types ?? VIDEO_TYPES, max: limits.data?.video.max_bytes ?? VIDEO_MAX_BYTES };
  const existingFile =
    lesson && lesson.content.kind === draft.kind && 'file' in lesson.content ? lesson.content.file : null;

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
    const found = findProblems(draft, file, lesson);
    if (Object.keys(found).length > 0) {
      setProblems(found);
      // Take the author to the first field that needs attention.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setProblems(null);
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

      {draft.kind === 'video' ? (
        <fieldset className="flex flex-col gap-2">
          <legend id={ids.videoSource} className="mb-1.5 text-sm font-medium">
            {t('lessons.form.videoSource')}
          </legend>
          <RadioGroup
            aria-labelledby={ids.videoSource}
            value={draft.videoSource}
            onValueChange={(value) => set('videoSource', value as Draft['videoSource'])}
            className="flex flex-wrap gap-4"
          >
            {(['upload', 'url'] as const).map((source) => (
              <div key={source} className="flex min-h-10 items-center gap-2 text-sm">
                <RadioGroupItem id={`${ids.videoSource}-${source}`} value={source} />
                <Label htmlFor={`${ids.videoSource}-${source}`} className="font-normal">
                  {t(`lessons.form.videoSources.${source}`)}
                </Label>
              </div>
            ))}
          </RadioGroup>
        </fieldset>
      ) : null}

      {draft.kind === 'video' && draft.videoSource === 'url' ? (
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

      {needsFile ? (
        <div className="flex flex-col gap-2">
          {existingFile ? (
            <p className="flex items-center gap-2 text-sm">
              <FileCheck2 className="size-4 text-success" aria-hidden="true" />
              {t('lessons.form.currentFile', {
                name: existingFile.file_name,
                size: formatBytes(existingFile.size_bytes),
              })}
              {lesson?.content.kind === 'pdf' && lesson.content.page_count
                ? ` · ${t('lessons.form.pages', { pages: lesson.content.page_count })}`
                : ''}
            </p>
          ) : null}
          <FileDrop
            label={
              file
                ? t('lessons.form.fileChosen', { name: file.name, size: formatBytes(file.size) })
                : existingFile
                  ? t(`lessons.form.replace.${fileKind}`)
                  : t(`lessons.form.choose.${fileKind}`)
            }
            types={fileLimits.types}
            maxBytes={fileLimits.max}
            disabled={busy}
            onFile={setFile}
          />
          {problems?.file ? (
            <p className="text-sm text-destructive">{t(`lessons.form.fileRequired.${fileKind}`)}</p>
          ) : null}
          {uploadPercent !== null ? (
            <UploadProgress percent={uploadPercent} label={t('lessons.form.uploading')} />
          ) : null}
        </div>
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
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('close')}
        onCloseAutoFocus={returnFocus}
        className="max-h-[92vh] max-w-3xl overflow-y-auto"
      >
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
