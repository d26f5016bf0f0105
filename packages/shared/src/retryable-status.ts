// Kept apart from errors.ts (and its zod schema) so every page's request helper stays small.
/** Statuses after which a request may be retried. */
export function isRetryableStatus(status: number | undefined): boolean {
  return status === undefined || status === 502 || status === 503 || status === 504;
}
