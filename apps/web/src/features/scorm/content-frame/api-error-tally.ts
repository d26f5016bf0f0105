import { SCORM_API_ERROR_KINDS_MAX, type ScormApiErrorTally } from '@portal/shared/scorm';

const ELEMENT_MAX = 255;
const COUNT_MAX = 1_000_000;

/**
 * Counts the API calls the runtime refused, by error code and element, so the next commit can take them to the
 * server log: a package calling wrongly in a loop becomes one line with a count, not hundreds.
 */
export function createApiErrorTally() {
  const tallies = new Map<string, ScormApiErrorTally>();
  return {
    note(code: number, element: string | null) {
      const name = element === null ? null : element.slice(0, ELEMENT_MAX);
      const key = `${code} ${name ?? ''}`;
      const known = tallies.get(key);
      if (known) known.count = Math.min(known.count + 1, COUNT_MAX);
      else if (tallies.size < SCORM_API_ERROR_KINDS_MAX) tallies.set(key, { code, element: name, count: 1 });
    },
    /** The tallies since the last take, in the order they first happened; the count starts again. */
    take(): ScormApiErrorTally[] {
      const taken = [...tallies.values()];
      tallies.clear();
      return taken;
    },
  };
}
