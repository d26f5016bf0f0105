import { ERROR_STATUS, type ErrorCode, SPEC_MESSAGES } from '@portal/shared/errors';

/** The one error type services throw; the error handler turns it into `{ error: { code, message } }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly reasons: string[] | undefined;

  constructor(code: ErrorCode, message: string, options: { reasons?: string[]; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.reasons = options.reasons;
  }
}

export const unauthorized = () => new AppError('unauthorized', SPEC_MESSAGES.userNotAuthenticated);
export const sessionMissing = () => new AppError('session_missing', SPEC_MESSAGES.sessionMissing);
export const forbidden = () => new AppError('forbidden', 'You do not have access to this.');

const UNIQUE_VIOLATION = '23505';

/**
 * Whether the database refused a write for breaking a unique index; repositories turn that race into an answer.
 * The driver may wrap the database error, so the causes are followed a few levels down.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
    current = current.cause;
  }
  return false;
}
