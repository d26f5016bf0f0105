import { z } from 'zod';

/** Stable error codes; the server maps each to one HTTP status, the client parses them. */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  session_missing: 400,
  invalid_credentials: 401,
  unauthorized: 401,
  invalid_jwt: 401,
  email_not_verified: 403,
  phone_not_verified: 403,
  forbidden: 403,
  /** The learner's plan is below the course's required tier; `reasons[0]` is the required tier. */
  upgrade_required: 403,
  /** A prerequisite module is not completed yet. */
  lesson_locked: 403,
  not_found: 404,
  conflict: 409,
  user_exists: 409,
  tier_unavailable: 409,
  /** The XP balance does not cover a purchase; nothing changed. */
  insufficient_xp: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  weak_password: 422,
  rate_limited: 429,
  internal: 500,
  profile_create_failed: 500,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    reasons: z.array(z.string()).optional(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** Texts the specification fixes word for word. */
export const SPEC_MESSAGES = {
  credentialsRequired: 'You must provide either an email or phone number and a password',
  sessionMissing: 'Auth session missing!',
  userNotAuthenticated: 'User not authenticated',
} as const;

/** Statuses after which a request may be retried. */
export function isRetryableStatus(status: number | undefined): boolean {
  return status === undefined || status === 502 || status === 503 || status === 504;
}
