// Sign-in rules the sign-in page checks as the user types, without the request schemas (no zod).
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

export const TOTP_CODE_LENGTH = 6;
const TOTP_CODE_PATTERN = /^\d{6}$/;

/** True for a code from an authenticator app; anything else sent to verify is treated as a backup code. */
export function isTotpCode(code: string): boolean {
  return TOTP_CODE_PATTERN.test(code);
}
