import { SCORM_MAX_PACKAGE_BYTES, SCORM_UPLOAD_PROGRESS } from '@portal/shared/scorm';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FileArchive, Lightbulb, Loader2, UploadCloud, XCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { type FileRejection, useDropzone } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { processScormPackage } from '../api/process-scorm-package';
import { scormKeys } from '../api/scorm-keys';
import { uploadScormPackage } from '../api/upload-scorm-package';
import { failureText } from './format';
import {
  addToQueue,
  formatMegabytes,
  isQueueComplete,
  progressForBytes,
  removeFromQueue,
  type UploadQueueItem,
  updateItem,
} from './upload-queue';

const ACCEPT = { 'application/zip': ['.zip'], 'application/x-zip-compressed': ['.zip'] };
const ACCEPTED_TYPES = 'application/zip, application/x-zip-compressed, .zip';

/** The server's size limit as its refusal names it ('File is larger than N bytes'), else the product's own. */
function sizeLimitOf(error: ApiError): number {
  return Number(/larger than (\d+) bytes/.exec(error.message)?.[1] ?? SCORM_MAX_PACKAGE_BYTES);
}

/** The upload page's working part: drop zone, queue, package details, tips. */
export function ScormUploadForm() {
  const { t, i18n } = useTranslation('scorm');
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<UploadQueueItem[]>([]);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [rejections, setRejections] = useState<string[]>([]);
  const titleId = useId();
  const descriptionId = useId();
  const publicId = useId();

  const rejectionText = (rejection: FileRejection) =>
    rejection.errors.map((error) => {
      if (error.code === 'file-invalid-type') return t('upload.rejections.type', { types: ACCEPTED_TYPES });
      if (error.code === 'too-many-files') return t('upload.rejections.tooMany');
      return error.message;
    });

  const { getRootProps, getInputProps, isDragActive, isDragAccept, isDragReject } = useDropzone({
    accept: ACCEPT,
    maxFiles: 1,
    multiple: false,
    disabled: processing,
    onDrop: (accepted, rejected) => {
      setRejections(rejected.flatMap((rejection) => rejectionText(rejection)));
      const [file] = accepted;
      if (file) setQueue((current) => addToQueue(current, file, crypto.randomUUID()));
    },
  });

  const uploadOne = async (item: UploadQueueItem) => {
    const update = (changes: Partial<UploadQueueItem>) => setQueue((current) => updateItem(current, item.id, changes));
    update({ status: 'uploading', progress: SCORM_UPLOAD_PROGRESS.uploading, error: undefined });
    try {
      const uploaded = await uploadScormPackage(
        item.file,
        { title, description, isPublic },
        { onProgress: (sent, total) => update({ progress: progressForBytes(sent, total) }) },
      );
      update({ progress: SCORM_UPLOAD_PROGRESS.stored });
      update({ status: 'parsing', progress: SCORM_UPLOAD_PROGRESS.parsing, packageId: uploaded.id });
      const processed = await processScormPackage(uploaded.id);
      if (processed.status !== 'ready') {
        throw new Error(failureText(processed, t, i18n.language) ?? t('upload.failedGeneric'));
      }
      update({ status: 'success', progress: SCORM_UPLOAD_PROGRESS.done });
      toast.success(t('upload.successTitle'), {
        description: t('upload.successDescription', { file: item.file.name }),
      });
    } catch (error) {
      const message =
        error instanceof ApiError && error.status === 413
          ? t('upload.rejections.tooLarge', { bytes: sizeLimitOf(error) })
          : error instanceof Error && error.message
            ? error.message
            : t('upload.failedGeneric');
      update({ status: 'error', error: message });
      toast.error(t('upload.failedTitle'), { description: message });
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const pending = queue.filter((item) => item.status === 'pending' || item.status === 'error');
    if (pending.length === 0) {
      toast.error(t('upload.noFilesTitle'), { description: t('upload.noFilesDescription') });
      return;
    }
    setProcessing(true);
    for (const item of pending) await uploadOne(item);
    setProcessing(false);
    await queryClient.invalidateQueries({ queryKey: scormKeys.packageLists() });
  };

  const complete = isQueueComplete(queue);
  const canUpload = queue.some((item) => item.status === 'pending' || item.status === 'error');

  return (
    <form onSubmit={onSubmit} className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="flex flex-col gap-6">
        <Card>
          <CardContent className="pt-6">
            <div
              {...getRootProps({
                className: cn(
                  'flex cursor-pointer flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed border-border px-6 py-12 text-center transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  isDragActive && 'border-primary bg-accent',
                  isDragAccept && 'border-success bg-success/10',
                  isDragReject && 'border-destructive bg-destructive/10',
                  processing && 'cursor-not-allowed opacity-60',
                ),
                'aria-label': t('upload.dropzoneLabel'),
              })}
            >
              <input {...getInputProps({ 'aria-label': t('upload.dropzoneLabel') })} />
              <UploadCloud className="size-10 text-primary" aria-hidden="true" />
              <p className="font-medium">{isDragActive ? t('upload.dropActive') : t('upload.dropIdle')}</p>
              <p className="text-sm text-muted-foreground">{t('upload.dropHint')}</p>
            </div>
            {rejections.length > 0 ? (
              <ul className="mt-3 flex flex-col gap-1 text-sm text-destructive" role="alert">
                {rejections.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            ) : null}
          </CardContent>
        </Card>

        {queue.length > 0 ? (
          <Card>
            <CardHeader>
              <CardTitle>{t('upload.filesTitle')}</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="flex flex-col gap-4">
                {queue.map((item) => (
                  <QueueRow
                    key={item.id}
                    item={item}
                    onRemove={() => setQueue((current) => removeFromQueue(current, item.id))}
                  />
                ))}
              </ul>
            </CardContent>
          </Card>
        ) : null}
      </div>

      <div className="flex flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle>{t('upload.detailsTitle')}</CardTitle>
            <CardDescription>{t('upload.detailsDescription')}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={titleId}>{t('upload.titleLabel')}</Label>
              <Input
                id={titleId}
                value={title}
                maxLength={200}
                placeholder={t('upload.titlePlaceholder')}
                disabled={processing}
                onChange={(event) => setTitle(event.target.value)}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={descriptionId}>{t('upload.descriptionLabel')}</Label>
              <Textarea
                id={descriptionId}
                value={description}
                maxLength={2000}
                placeholder={t('upload.descriptionPlaceholder')}
                disabled={processing}
                onChange={(event) => setDescription(event.target.value)}
              />
            </div>
            <div className="flex items-start justify-between gap-4">
              <div className="flex flex-col gap-1">
                <Label htmlFor={publicId}>{t('upload.publicLabel')}</Label>
                <p id={`${publicId}-hint`} className="text-sm text-muted-foreground">
                  {t('upload.publicHint')}
                </p>
              </div>
              <Switch
                id={publicId}
                checked={isPublic}
                disabled={processing}
                aria-describedby={`${publicId}-hint`}
                onCheckedChange={setIsPublic}
              />
            </div>
            <Button type="submit" disabled={processing || !canUpload}>
              {processing ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <UploadCloud aria-hidden="true" />
              )}
              {processing ? t('upload.processing') : t('upload.submit')}
            </Button>
            {complete && !processing ? (
              <Button variant="outline" asChild>
                <Link to="/dashboard/scorm/studio">{t('upload.returnToStudio')}</Link>
              </Button>
            ) : null}
          </CardContent>
        </Card>

        <Card data-nonessential>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Lightbulb className="size-5 text-primary" aria-hidden="true" />
              {t('upload.tipsTitle')}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-muted-foreground">
              <li>{t('upload.tips.manifest')}</li>
              <li>{t('upload.tips.size')}</li>
              <li>{t('upload.tips.versions')}</li>
              <li>{t('upload.tips.private')}</li>
            </ul>
          </CardContent>
        </Card>
      </div>
    </form>
  );
}

function QueueRow({ item, onRemove }: { item: UploadQueueItem; onRemove: () => void }) {
  const { t } = useTranslation('scorm');
  const progressId = useId();
  return (
    <li className="flex flex-col gap-2 rounded-md border border-border p-3">
      <div className="flex flex-wrap items-center gap-3">
        <FileArchive className="size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="break-all font-medium">{item.file.name}</p>
          <p className="text-xs text-muted-foreground">
            {t('upload.sizeMb', { size: formatMegabytes(item.file.size) })}
          </p>
        </div>
        <StatusBadge item={item} />
        {item.status === 'pending' ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={onRemove}
            aria-label={t('upload.removeFile', { file: item.file.name })}
          >
            {t('upload.remove')}
          </Button>
        ) : null}
      </div>
      <div
        id={progressId}
        role="progressbar"
        aria-label={t('upload.progressLabel', { file: item.file.name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={item.progress}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width]',
            item.status === 'error' ? 'bg-destructive' : item.status === 'success' ? 'bg-success' : 'bg-primary',
          )}
          style={{ width: `${item.progress}%` }}
        />
      </div>
      {item.error ? (
        <p className="text-sm text-destructive" role="alert">
          {item.error}
        </p>
      ) : null}
    </li>
  );
}

function StatusBadge({ item }: { item: UploadQueueItem }) {
  const { t } = useTranslation('scorm');
  if (item.status === 'success') {
    return (
      <Badge className="gap-1 bg-success/15 text-foreground">
        <CheckCircle2 className="size-3.5" aria-hidden="true" />
        {t('upload.status.success')}
      </Badge>
    );
  }
  if (item.status === 'error') {
    return (
      <Badge className="gap-1 bg-destructive/10 text-destructive">
        <XCircle className="size-3.5" aria-hidden="true" />
        {t('upload.status.error')}
      </Badge>
    );
  }
  return (
    <Badge>
      {t(`upload.status.${item.status}`)} · {item.progress}%
    </Badge>
  );
}
