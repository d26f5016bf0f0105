import { createContentApi } from './content-api';

/** What the content's calls made the API report: sets, failures (code, element), over-limit data, endings. */
export type ReportedEvent = [kind: string, subject: string | number, detail: string | null];

const NAMES = {
  '1.2': { initialize: 'LMSInitialize', get: 'LMSGetValue', set: 'LMSSetValue', lastError: 'LMSGetLastError' },
  '2004': { initialize: 'Initialize', get: 'GetValue', set: 'SetValue', lastError: 'GetLastError' },
} as const;

/**
 * A SCO's view of the runtime API for one launch: each call answers its return value together with the error code
 * GetLastError gives right after it, and `reported` collects what the API told the player, in order.
 */
export function openScoSession(
  family: '1.2' | '2004',
  cmi: Record<string, unknown>,
  { initialize = true }: { initialize?: boolean } = {},
) {
  const reported: ReportedEvent[] = [];
  const api = createContentApi({
    family,
    cmi: structuredClone(cmi),
    events: {
      onSet: (element, value) => reported.push(['set', element, value]),
      onError: (code, element) => reported.push(['error', code, element]),
      onSuspendDataOverLimit: (length, limit) => reported.push(['over-limit', length, String(limit)]),
      onTerminate: (navRequest) => reported.push(['terminate', family, navRequest]),
    },
  });
  const methods = api as unknown as Record<string, ((...args: string[]) => string) | undefined>;
  const names = NAMES[family];
  const invoke = (name: string, args: string[]) => {
    const method = methods[name];
    if (!method) throw new Error(`The SCORM ${family} API has no ${name}`);
    return method.apply(api, args);
  };
  const call = (name: string, ...args: string[]) => [invoke(name, args), invoke(names.lastError, [])];
  if (initialize && invoke(names.initialize, ['']) !== 'true') throw new Error(`${names.initialize} failed`);
  return {
    api,
    reported,
    call,
    get: (element: string) => call(names.get, element),
    set: (element: string, value: string) => call(names.set, element, value),
  };
}
