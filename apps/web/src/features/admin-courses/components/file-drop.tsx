import { Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { type FileRejection, useDropzone } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/lib/format-bytes';
import { cn } from '@/lib/utils';

/** A drop zone (also a button that opens the file picker) for one file of the accepted types and size. */
export function FileDrop({
  label,
  hint,
  types,
  maxBytes,
  disabled = false,
  onFile,
}: {
  label: string;
  hint?: string;
  types: readonly string[];
  maxBytes: number;
  disabled?: boolean;
  onFile: (file: File) => void;
}) {
  const { t, i18n } = useTranslation('authoring');
  const hintId = useId();
  const [rejection, setRejection] = useState<string | null>(null);
  const describe = (rejections: FileRejection[]) => {
    const error = rejections[0]?.errors[0];
    if (!error) return null;
    if (error.code === 'file-invalid-type') return t('upload.wrongType', { types: types.join(', ') });
    if (error.code === 'file-too-large') return t('upload.tooLarge', { bytes: maxBytes });
    if (error.code === 'too-many-files') return t('upload.tooMany');
    return error.message;
  };
  const { getRootProps, getInputProps, isDragActive, isDragReject } = useDropzone({
    accept: Object.fromEntries(types.map((type) => [type, []])),
    maxSize: maxBytes,
    multiple: false,
    disabled,
    onDropAccepted: ([file]) => {
      setRejection(null);
      if (file) onFile(file);
    },
    onDropRejected: (rejections) => setRejection(describe(rejections)),
  });
  return (
    <div className="flex flex-col gap-1.5">
      <div
        {...getRootProps({
          role: 'button',
          'aria-label': label,
          'aria-describedby': hintId,
          'aria-disabled': disabled || undefined,
        })}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-border bg-muted/40 px-4 py-6 text-center text-sm transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
          isDragActive && 'border-primary bg-accent',
          isDragReject && 'border-destructive',
          disabled && 'cursor-not-allowed opacity-60',
        )}
      >
        <input {...getInputProps()} />
        <Upload className="size-5 text-muted-foreground" aria-hidden="true" />
        <span className="font-medium">{isDragActive ? t('upload.dropNow') : label}</span>
        <span id={hintId} className="text-xs text-muted-foreground">
          {hint ?? t('upload.hint', { size: formatBytes(maxBytes, i18n.resolvedLanguage) })}
        </span>
      </div>
      {rejection ? (
        <p role="alert" className="text-sm text-destructive">
          {rejection}
        </p>
      ) : null}
    </div>
  );
}

/** Upload progress as a labelled bar. */
export function UploadProgress({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-between text-xs text-muted-foreground">
        <span>{label}</span>
        <span aria-hidden="true">{percent}%</span>
      </div>
      <progress
        value={percent}
        max={100}
        aria-label={label}
        className="h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary"
      />
    </div>
  );
}
