import { SCORM_UPLOAD_PROGRESS } from '@portal/shared/scorm';

export type UploadStatus = 'pending' | 'uploading' | 'parsing' | 'success' | 'error';

/** One file on the upload page (spec: file, progress 0-100, status, optional packageId, optional error text). */
export type UploadQueueItem = {
  id: string;
  file: File;
  progress: number;
  status: UploadStatus;
  packageId?: string;
  error?: string;
};

/** Progress while bytes go out: from the uploading step (10) to the stored step (50), by what was really sent. */
export function progressForBytes(sent: number, total: number): number {
  if (total <= 0) return SCORM_UPLOAD_PROGRESS.uploading;
  const share = Math.min(1, Math.max(0, sent / total));
  return Math.round(
    SCORM_UPLOAD_PROGRESS.uploading + share * (SCORM_UPLOAD_PROGRESS.stored - SCORM_UPLOAD_PROGRESS.uploading),
  );
}

/** A new drop replaces the files not sent yet: one package is uploaded at a time. */
export function addToQueue(queue: UploadQueueItem[], file: File, id: string): UploadQueueItem[] {
  return [...queue.filter((item) => item.status !== 'pending'), { id, file, progress: 0, status: 'pending' }];
}

/** Only pending items can be removed. */
export function removeFromQueue(queue: UploadQueueItem[], id: string): UploadQueueItem[] {
  return queue.filter((item) => item.id !== id || item.status !== 'pending');
}

export function updateItem(
  queue: UploadQueueItem[],
  id: string,
  changes: Partial<Omit<UploadQueueItem, 'id' | 'file'>>,
): UploadQueueItem[] {
  return queue.map((item) => (item.id === id ? { ...item, ...changes } : item));
}

/** Complete once there are items and every one succeeded. */
export const isQueueComplete = (queue: UploadQueueItem[]) =>
  queue.length > 0 && queue.every((item) => item.status === 'success');

export const formatMegabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(2);
