import type { Clock } from '../plugins/jobs.ts';

/** A clock a test moves by hand; it stands still otherwise. */
export function createTestClock(start: Date) {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set(to: Date) {
      current = new Date(to);
    },
    advanceDays(days: number) {
      current = new Date(current.getTime() + days * 86_400_000);
    },
  } satisfies Clock & Record<string, unknown>;
}
export type TestClock = ReturnType<typeof createTestClock>;
