// Why a single sign-on did not complete, as /login reads it, without the SSO schemas (no zod).
/** The query parameter of /login that names why a single sign-on did not complete. */
export const SSO_ERROR_PARAM = 'sso_error';
export const SSO_SIGN_IN_ERRORS = [
  'provider_unavailable',
  'account_suspended',
  'email_domain_not_allowed',
  'invalid_state',
  'access_denied',
  'failed',
] as const;
export type SsoSignInError = (typeof SSO_SIGN_IN_ERRORS)[number];
