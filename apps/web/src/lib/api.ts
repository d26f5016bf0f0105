import type { ApiErrorBody, ErrorCode } from '@portal/shared/errors';
import { isRetryableStatus } from '@portal/shared/retryable-status';
import { i18n } from './i18n';
import { askServer, takePageAnswer } from './page-answers';

/** An `{ error }` answer from the server, or a network failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'network';
  readonly reasons: string[];

  constructor(status: number, code: ErrorCode | 'network', message: string, reasons: string[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.reasons = reasons;
  }

  get retryable() {
    return this.code === 'network' || isRetryableStatus(this.status);
  }
}

/** Browsers refuse keepalive requests with bodies over 64 KiB. */
const KEEPALIVE_BODY_LIMIT = 60_000;

type RequestOptions = {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  /** Lets the request outlive the page when its body is small enough for that; larger ones go as ordinary requests. */
  keepalive?: boolean;
};

export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, signal, keepalive }: RequestOptions = {},
): Promise<T> {
  if (method === 'GET') {
    const sent = takePageAnswer(path);
    if (sent) return answered<T>(sent.status, sent.body, '');
    // Rendering on the server (prerender.tsx): the API answers in-process, or the request fails there.
    const onServer = askServer(path);
    if (onServer) {
      const answer = await onServer;
      if (!answer) throw new ApiError(0, 'network', 'Not answered on the server');
      return answered<T>(answer.status, answer.body, '');
    }
  }
  const payload = body === undefined ? undefined : JSON.stringify(body);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      keepalive: keepalive === true && (payload?.length ?? 0) < KEEPALIVE_BODY_LIMIT,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'x-portal-language': i18n.language ?? 'en',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: payload,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network', 'Network error');
  }
  const text = await response.text();
  return answered<T>(response.status, text ? safeJson(text) : null, response.statusText);
}

/** A success's body, or the ApiError an error answer stands for. */
function answered<T>(status: number, data: unknown, statusText: string): T {
  if (status >= 200 && status < 300) return data as T;
  const error = errorBodyOf(data);
  if (error) throw new ApiError(status, error.code as ErrorCode, error.message, error.reasons);
  throw new ApiError(status, status >= 500 ? 'internal' : 'bad_request', statusText);
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The `{ error }` of an error answer (the shape of `apiErrorBodySchema`), checked by hand to keep zod off every page. */
function errorBodyOf(data: unknown): ApiErrorBody['error'] | null {
  const error = typeof data === 'object' && data !== null ? (data as { error?: unknown }).error : undefined;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, reasons } = error as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  if (reasons !== undefined && !isStringList(reasons)) return null;
  return { code, message, ...(reasons ? { reasons } : {}) };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body: body ?? {} }),
  patch: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};
