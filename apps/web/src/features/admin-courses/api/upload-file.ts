import { apiErrorBodySchema, type ErrorCode } from '@portal/shared/errors';
import { ApiError } from '@/lib/api';
import { i18n } from '@/lib/i18n';

/**
 * Sends a file as the raw request body with its own Content-Type (the server streams it to storage), reporting
 * upload progress 0-100 as bytes leave the browser.
 */
export function uploadFile<T>({
  path,
  file,
  onProgress,
  signal,
}: {
  path: string;
  file: File;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    const separator = path.includes('?') ? '&' : '?';
    request.open('PUT', `${path}${separator}file_name=${encodeURIComponent(file.name)}`);
    request.withCredentials = true;
    request.setRequestHeader('content-type', file.type || 'application/octet-stream');
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('x-portal-language', i18n.language ?? 'en');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const data = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(100);
        resolve(data as T);
        return;
      }
      const parsed = apiErrorBodySchema.safeParse(data);
      if (parsed.success) {
        const { code, message, reasons } = parsed.data.error;
        reject(new ApiError(request.status, code as ErrorCode, message, reasons));
      } else {
        reject(new ApiError(request.status, request.status >= 500 ? 'internal' : 'bad_request', request.statusText));
      }
    };
    request.onerror = () => reject(new ApiError(0, 'network', 'Network error'));
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
