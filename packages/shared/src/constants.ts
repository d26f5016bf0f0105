/** Business constants from the specification, section 9. */
export const TOAST_MS = {
  xp: 3000,
  levelUp: 5000,
  badge: 4000,
  purchase: 3000,
  betaUpdate: 8000,
} as const;

export const QUERY_DEFAULTS = {
  staleTimeMs: 5 * 60_000,
  gcTimeMs: 10 * 60_000,
  maxRetries: 3,
  mutationRetries: 1,
} as const;

export const SUBSCRIPTION_QUERY = {
  staleTimeMs: 30_000,
  refetchIntervalMs: 5 * 60_000,
} as const;

/** The dashboard gate stops waiting for auth and subscription after this long. */
export const GATE_LOADING_TIMEOUT_MS = 8000;

/** Realtime reconnect delays; the last repeats. */
export const REALTIME_RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;

export function reconnectDelayMs(attempt: number): number {
  const delays = REALTIME_RECONNECT_DELAYS_MS;
  return delays[Math.min(Math.max(attempt, 0), delays.length - 1)] ?? 10_000;
}
