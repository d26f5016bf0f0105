import { z } from 'zod';

/** Stable error codes; the server maps each to one HTTP status, the client parses them. */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  /** The identity provider's discovery document could not be fetched or is not valid. */
  sso_discovery_failed: 400,
  session_missing: 400,
  /** A correctly signed payment provider event of a type the portal does not handle; nothing changed. */
  unsupported_event: 400,
  /** A JSON body nested deeper than the server accepts. */
  nesting_too_deep: 400,
  /** Text the database cannot store, such as a NUL character. */
  unstorable_text: 400,
  invalid_credentials: 401,
  unauthorized: 401,
  invalid_jwt: 401,
  /** No active plan, or a plan below the feature's or course's tier; `reasons[0]` is the tier that unlocks it. */
  subscription_required: 402,
  /** The (sandbox) card was declined; nothing was charged or changed. */
  card_declined: 402,
  email_not_verified: 403,
  /** An admin suspended the account: signing in is refused until it is reactivated. */
  account_suspended: 403,
  phone_not_verified: 403,
  forbidden: 403,
  /** A prerequisite module is not completed yet. */
  lesson_locked: 403,
  /** A state-changing request with a session cookie, or a WebSocket upgrade, that did not come from the app's own origin. */
  csrf_rejected: 403,
  /** Only the host, admins and 'going' attendees (not waitlisted) enter a live room. */
  not_a_member: 403,
  /** The live room is not open yet (or any more); `reasons[0]` is when it opens. */
  room_not_open: 403,
  /** The host muted this participant in the live room chat. */
  chat_muted: 403,
  not_found: 404,
  /** No enabled single sign-on provider serves the email's domain. */
  sso_not_configured: 404,
  conflict: 409,
  user_exists: 409,
  /** The only active admin cannot be demoted, suspended or deleted. */
  last_admin: 409,
  tier_unavailable: 409,
  /** The XP balance does not cover a purchase; nothing changed. */
  insufficient_xp: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  weak_password: 422,
  rate_limited: 429,
  /** Too many failed password sign-ins for this account; wait or reset the password. */
  account_locked: 429,
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

export { isRetryableStatus } from './retryable-status.ts';
