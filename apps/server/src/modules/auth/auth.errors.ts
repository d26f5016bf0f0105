import { type APIError, isAPIError } from 'better-auth/api';
import { AppError } from '../../errors.ts';
import { accountSuspended } from '../admin-users/account-suspension.ts';

export const userExists = () =>
  new AppError('user_exists', 'An account with these details already exists. Sign in instead.');

/**
 * A wrong password, an unknown account and an account not confirmed yet all read the same, so sign-in never tells
 * whether an address is registered or whether a guessed password was right.
 */
export const invalidCredentials = () =>
  new AppError(
    'invalid_credentials',
    'Invalid login credentials. If you have just signed up, open the confirmation link or code we sent you first.',
  );

export const accountLocked = (minutes: number) =>
  new AppError(
    'account_locked',
    `Too many failed sign-ins to this account. Wait ${minutes} minutes or reset your password.`,
  );

const wrongTwoFactorCode = () => new AppError('invalid_credentials', 'The code is not correct.');
export const twoFactorOff = () => new AppError('conflict', 'Two-factor authentication is not on.');
export const signInAgain = () =>
  new AppError('forbidden', 'For your security, sign in again before making this change.');

/** Maps the auth library's errors to the spec's classes (session missing, invalid credentials, weak password, invalid JWT). */
export function toAuthAppError(error: unknown): unknown {
  if (!isAPIError(error)) return error;
  const code = (error.body as { code?: string } | undefined)?.code ?? '';
  return accountErrorFor(code, error.message) ?? codeErrorFor(code) ?? twoFactorErrorFor(code) ?? errorForStatus(error);
}

function accountErrorFor(code: string, message: string): AppError | undefined {
  switch (code) {
    case 'INVALID_PASSWORD':
      return new AppError('invalid_credentials', 'Invalid login credentials');
    case 'INVALID_EMAIL_OR_PASSWORD':
    case 'INVALID_PHONE_NUMBER_OR_PASSWORD':
    case 'CREDENTIAL_ACCOUNT_NOT_FOUND':
    case 'EMAIL_NOT_VERIFIED':
    case 'PHONE_NUMBER_NOT_VERIFIED':
      return invalidCredentials();
    case 'ACCOUNT_SUSPENDED':
      return accountSuspended();
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
    case 'PHONE_NUMBER_EXIST':
      return userExists();
    case 'PASSWORD_TOO_SHORT':
    case 'PASSWORD_TOO_LONG':
      return new AppError('weak_password', 'Password is too weak.', { reasons: [message] });
    default:
      return undefined;
  }
}

/** Links, one-time codes and sessions. */
function codeErrorFor(code: string): AppError | undefined {
  switch (code) {
    case 'INVALID_TOKEN':
    case 'TOKEN_EXPIRED':
      return new AppError('invalid_jwt', 'This link is invalid or has expired.');
    case 'INVALID_OTP':
    case 'OTP_EXPIRED':
    case 'OTP_NOT_FOUND':
      return new AppError('bad_request', 'The code is wrong or has expired.');
    case 'TOO_MANY_ATTEMPTS':
      return new AppError('rate_limited', 'Too many attempts. Request a new code.');
    case 'SESSION_EXPIRED':
    case 'FAILED_TO_GET_SESSION':
      return new AppError('session_missing', 'Auth session missing!');
    case 'SESSION_NOT_FRESH':
      return signInAgain();
    default:
      return undefined;
  }
}

function twoFactorErrorFor(code: string): AppError | undefined {
  switch (code) {
    case 'INVALID_CODE':
    case 'INVALID_BACKUP_CODE':
      return wrongTwoFactorCode();
    case 'INVALID_TWO_FACTOR_COOKIE':
      return new AppError('unauthorized', 'The sign-in has expired. Sign in again.');
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      return new AppError('rate_limited', 'Too many wrong codes. Wait a few minutes, then sign in again.');
    case 'TOTP_ALREADY_ENABLED':
      return new AppError('conflict', 'Two-factor authentication is already on.');
    case 'TOTP_NOT_ENABLED':
    case 'TWO_FACTOR_NOT_ENABLED':
    case 'BACKUP_CODES_NOT_ENABLED':
      return twoFactorOff();
    default:
      return undefined;
  }
}

/** An error code not mapped above: a 4xx reads as the client's mistake, anything else passes through. */
function errorForStatus(error: APIError): unknown {
  const status = error.statusCode;
  if (status === 401) return new AppError('unauthorized', error.message);
  if (status >= 400 && status < 500) return new AppError('bad_request', error.message || 'The request was rejected.');
  return error;
}
