import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { CourseUploadLimits } from '@portal/shared/course-authoring';
import { PDF_TYPES, VIDEO_TYPES } from '@portal/shared/course-rules';
import { AppError } from '../../errors.ts';
import type { BlobStore } from '../files/blob-store.ts';
import { lessonNotFound } from './course-lookup.ts';
import type { CoursesRepository, LessonRow } from './courses.repository.ts';
import type { StoredFile } from './courses.table.ts';
import { filesDropped, safeFileName } from './lesson-content.ts';
import { baseContentType, checkSignature, readPdfPageCount, readVideoDuration } from './media.ts';

export type Upload = { stream: Readable; contentType: string | undefined; fileName: string | undefined };

/** Checks an upload's type and signature while streaming it into the blob store; refuses empty files. */
export async function storeUpload(
  blobStore: BlobStore,
  key: string,
  upload: Upload,
  accepted: readonly string[],
  maxBytes: number,
): Promise<{ contentType: string; size: number }> {
  const contentType = baseContentType(upload.contentType);
  if (!accepted.includes(contentType)) {
    upload.stream.resume();
    throw new AppError('unsupported_media_type', `File type must be ${accepted.join(', ')}`);
  }
  const { size } = await blobStore.put(key, checkSignature(upload.stream, contentType), { maxBytes });
  if (size === 0) {
    await blobStore.delete(key);
    throw new AppError('bad_request', 'The file is empty.');
  }
  return { contentType, size };
}

/** `storeUpload` for a lesson: a lesson deleted while its file streamed took its folder along, so the upload is a 404. */
async function storeLessonUpload(...args: Parameters<typeof storeUpload>) {
  try {
    return await storeUpload(...args);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw lessonNotFound();
    throw error;
  }
}

/**
 * The lesson was deleted after its upload was stored: the new file is removed (the deletion took the lesson's folder
 * before the file was there) and the upload answers that the lesson is gone.
 */
async function lessonGoneMeanwhile(blobStore: BlobStore, key: string): Promise<never> {
  await blobStore.delete(key);
  throw lessonNotFound();
}

type LessonUploadDeps = {
  coursesRepository: CoursesRepository;
  blobStore: BlobStore;
  limits: CourseUploadLimits;
  requireLesson: (lessonId: string) => Promise<LessonRow>;
};

async function uploadLessonVideo(
  { coursesRepository, blobStore, limits, requireLesson }: LessonUploadDeps,
  lessonId: string,
  upload: Upload,
) {
  const lesson = await requireLesson(lessonId);
  if (lesson.content.kind !== 'video') {
    upload.stream.resume();
    throw new AppError('bad_request', 'Videos can only be uploaded to video lessons.');
  }
  const key = `lessons/${lesson.id}/video-${randomUUID()}`;
  const { contentType, size } = await storeLessonUpload(blobStore, key, upload, VIDEO_TYPES, limits.video.max_bytes);
  const duration = await readVideoDuration(blobStore, key, { contentType, size });
  const file: StoredFile = {
    key,
    file_name: safeFileName(upload.fileName, 'video'),
    content_type: contentType,
    size_bytes: size,
  };
  const keptDuration = lesson.content.source === 'upload' ? lesson.durationSeconds : null;
  const updated = await coursesRepository.updateLesson(lessonId, {
    content: { kind: 'video', source: 'upload', file },
    durationSeconds: duration ?? keptDuration,
  });
  if (!updated) return lessonGoneMeanwhile(blobStore, key);
  await Promise.all(
    filesDropped(lesson.content, { kind: 'video', source: 'upload', file }).map((old) => blobStore.delete(old.key)),
  );
  return updated;
}

async function uploadLessonPdf(
  { coursesRepository, blobStore, limits, requireLesson }: LessonUploadDeps,
  lessonId: string,
  upload: Upload,
) {
  const lesson = await requireLesson(lessonId);
  if (lesson.content.kind !== 'pdf') {
    upload.stream.resume();
    throw new AppError('bad_request', 'PDF files can only be uploaded to PDF lessons.');
  }
  const key = `lessons/${lesson.id}/document-${randomUUID()}.pdf`;
  const { contentType, size } = await storeLessonUpload(blobStore, key, upload, PDF_TYPES, limits.pdf.max_bytes);
  let pageCount: number;
  try {
    pageCount = await readPdfPageCount(blobStore, key);
  } catch (error) {
    await blobStore.delete(key);
    throw error;
  }
  const file: StoredFile = {
    key,
    file_name: safeFileName(upload.fileName, 'document.pdf'),
    content_type: contentType,
    size_bytes: size,
  };
  const updated = await coursesRepository.updateLesson(lessonId, { content: { kind: 'pdf', file }, pageCount });
  if (!updated) return lessonGoneMeanwhile(blobStore, key);
  await Promise.all(filesDropped(lesson.content, { kind: 'pdf', file }).map((old) => blobStore.delete(old.key)));
  return updated;
}

/** The video or PDF of a lesson: stored, measured, and replacing the lesson's previous file. */
export function createLessonUploads(deps: LessonUploadDeps) {
  return {
    uploadVideo: (lessonId: string, upload: Upload) => uploadLessonVideo(deps, lessonId, upload),
    uploadPdf: (lessonId: string, upload: Upload) => uploadLessonPdf(deps, lessonId, upload),
  };
}
