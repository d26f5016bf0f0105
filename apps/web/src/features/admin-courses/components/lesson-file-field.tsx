import type { UploadedFile } from '@portal/shared/admin-courses';
import { FileCheck2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/lib/format-bytes';
import { FileDrop, UploadProgress } from './file-drop';

/** The video or PDF of a lesson: the file it has, a drop zone for a new one and the upload's progress. */
export function LessonFileField({
  fileKind,
  file,
  existingFile,
  pageCount,
  types,
  maxBytes,
  disabled,
  onFile,
  missing,
  uploadPercent,
}: {
  fileKind: 'pdf' | 'video';
  file: File | null;
  existingFile: UploadedFile | null;
  pageCount: number | null;
  types: readonly string[];
  maxBytes: number;
  disabled: boolean;
  onFile: (file: File) => void;
  missing: boolean;
  uploadPercent: number | null;
}) {
  const { t, i18n } = useTranslation('authoring');
  return (
    <div className="flex flex-col gap-2">
      {existingFile ? (
        <p className="flex items-center gap-2 text-sm">
          <FileCheck2 className="size-4 text-success" aria-hidden="true" />
          {t('lessons.form.currentFile', {
            name: existingFile.file_name,
            size: formatBytes(existingFile.size_bytes, i18n.resolvedLanguage),
          })}
          {pageCount ? ` · ${t('lessons.form.pages', { pages: pageCount })}` : ''}
        </p>
      ) : null}
      <FileDrop
        label={
          file
            ? t('lessons.form.fileChosen', { name: file.name, size: formatBytes(file.size, i18n.resolvedLanguage) })
            : existingFile
              ? t(`lessons.form.replace.${fileKind}`)
              : t(`lessons.form.choose.${fileKind}`)
        }
        types={types}
        maxBytes={maxBytes}
        disabled={disabled}
        onFile={onFile}
      />
      {missing ? <p className="text-sm text-destructive">{t(`lessons.form.fileRequired.${fileKind}`)}</p> : null}
      {uploadPercent !== null ? <UploadProgress percent={uploadPercent} label={t('lessons.form.uploading')} /> : null}
    </div>
  );
}
