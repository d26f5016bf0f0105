import { apiErrorBodySchema, type ErrorCode } from '@portal/shared/errors';
import type { ScormPackage } from '@portal/shared/scorm';
import { ApiError } from '@/lib/api';
import { i18n } from '@/lib/i18n';

export type UploadDetails = { title: string; description: string; isPublic: boolean };

/**
 * Sends the ZIP as the raw request body with XMLHttpRequest, whose upload events report the bytes actually sent
 * (fetch cannot); the server streams it into storage and answers with the package, status `uploading`.
 */
export function uploadScormPackage(
  file: File,
  details: UploadDetails,
  { onProgress, signal }: { onProgress?: (sentBytes: number, totalBytes: number) => void; signal?: AbortSignal } = {},
): Promise<ScormPackage> {
  const query = new URLSearchParams({ file_name: file.name, is_public: String(details.isPublic) });
  if (details.title.trim()) query.set('title', details.title.trim());
  if (details.description.trim()) query.set('description', details.description.trim());
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/scorm/packages?${query}`);
    request.setRequestHeader('content-type', 'application/zip');
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('x-portal-language', i18n.language ?? 'en');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    request.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(request.responseText);
      } catch {
        data = null;
      }
      if (request.status === 201) {
        resolve((data as { package: ScormPackage }).package);
        return;
      }
      const parsed = apiErrorBodySchema.safeParse(data);
      reject(
        parsed.success
          ? new ApiError(request.status, parsed.data.error.code as ErrorCode, parsed.data.error.message)
          : new ApiError(request.status, request.status >= 500 ? 'internal' : 'bad_request', request.statusText),
      );
    };
    request.onerror = () => reject(new ApiError(0, 'network', 'Network error'));
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
