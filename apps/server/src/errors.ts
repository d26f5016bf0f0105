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
