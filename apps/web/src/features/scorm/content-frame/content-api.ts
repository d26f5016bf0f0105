import { SCORM_SUSPEND_DATA_LIMITS, type ScormAttemptStart } from '@portal/shared/scorm';
import { Scorm12API, Scorm2004API, type Settings } from 'scorm-again';
import type { NavValidity } from './protocol';

export type ContentApi = InstanceType<typeof Scorm12API> | InstanceType<typeof Scorm2004API>;

export type ContentApiEvents = {
  onInitialize?: () => void;
  /** A value the content set successfully (what it set is what the data model now holds). */
  onSet?: (element: string, value: string) => void;
  /** The content asked to keep its data. */
  onCommit?: () => void;
  /** The content ended its session, with its navigation request (SCORM 2004) if it made one. */
  onTerminate?: (navRequest: string | null) => void;
  /**
   * A call of the content failed: its SCORM error code, and the element when the call named one. Reading a SCORM
   * 2004 element nothing has set yet (403) is normal and not reported.
   */
  onError?: (code: number, element: string | null) => void;
  onSuspendDataOverLimit?: (length: number, limit: number) => void;
  /** True once nothing the content commits can be kept any more (the attempt was opened again elsewhere). */
  commitsLost?: () => boolean;
};

/** The error a commit that cannot be kept answers: SCORM 1.2 has only the general exception, 2004 its commit failure. */
const COMMIT_FAILED = { '1.2': 101, '2004': 391 } as const;

const METHODS = {
  '1.2': {
    initialize: 'LMSInitialize',
    terminate: 'LMSFinish',
    get: 'LMSGetValue',
    set: 'LMSSetValue',
    commit: 'LMSCommit',
  },
  '2004': { initialize: 'Initialize', terminate: 'Terminate', get: 'GetValue', set: 'SetValue', commit: 'Commit' },
} as const;

/** SCORM 1.2 RTE 3.4.4: once LMSFinish succeeded the session is no longer initialized. */
const SCORM12_NOT_INITIALIZED = 301;
/** SCORM 2004: reading what nothing has set yet, which content does in normal use (RTE 3.1.7.6). */
const VALUE_NOT_INITIALIZED = 403;
/** The navigation requests a SCO may make (SCORM 2004 4th ed. RTE 4.4.2); sequencing-only ones like `start` are not. */
const SCO_NAV_REQUEST =
  /^(?:continue|previous|exit|exitAll|abandon|abandonAll|suspendAll|_none_|(?:\{target=[^}]+\})?(?:choice|jump))$/;
/** `adl.nav.request_valid.choice.{target=ID}`, which scorm-again answers without what applyNavValidity gave it. */
const REQUEST_VALID_TARGET = /^adl\.nav\.request_valid\.(choice|jump)\.\{target=([^}]+)\}$/;
/** Any element of an objective or interaction but its id, which must be set first (SCORM 2004 RTE 4.2.9, 4.2.17). */
const NEEDS_RECORD_ID = /^cmi\.(objectives|interactions)\.(\d+)\.(?!id$)/;

type Method = (...args: string[]) => string;
type Scorm2004 = InstanceType<typeof Scorm2004API>;

/**
 * The SCORM API the content calls: scorm-again's, loaded with the attempt's data and answering every call at once
 * with its own return value and error code. Nothing here talks to a server: successful calls are reported through
 * `events` (in the order they were made) and whoever keeps the data decides when to send it. Errors never open a
 * dialog or reach the console; they are reported through `onError`.
 */
export function createContentApi({
  family,
  cmi,
  events = {},
}: {
  family: '1.2' | '2004';
  cmi: Record<string, unknown>;
  events?: ContentApiEvents;
}): ContentApi {
  const settings: Settings = { autocommit: false, lmsCommitUrl: false, sendFullCommit: true, logLevel: 5 as const };
  const api: ContentApi = family === '1.2' ? new Scorm12API(settings) : new Scorm2004API(settings);
  api.loadFromJSON(cmi, '');

  const names = METHODS[family];
  const target = api as unknown as Record<string, Method>;
  /** Replaces a method of the API: `call` answers it, then the failure or the success is reported. */
  const wrap = (name: string, call: (original: Method, args: string[]) => string, after?: (args: string[]) => void) => {
    const original = target[name] as Method;
    const namesElement = name === names.get || name === names.set;
    target[name] = (...args: string[]) => {
      const result = String(call(original, args));
      const code = Number(api.lastErrorCode);
      if (code === 0) after?.(args);
      else if (!(name === names.get && code === VALUE_NOT_INITIALIZED)) {
        events.onError?.(code, namesElement ? args[0] || null : null);
      }
      return result;
    };
  };
  const fail = (code: number, element: string | undefined, diagnostic: string, result: string) => {
    api.throwSCORMError(element, code, diagnostic);
    return result;
  };
  const finished = () => family === '1.2' && api.isTerminated();
  const afterFinish = (result: string, element?: string) =>
    fail(SCORM12_NOT_INITIALIZED, element, 'The session already ended with LMSFinish.', result);
  const suspendLimit = SCORM_SUSPEND_DATA_LIMITS[family];
  let endingNavRequest: string | null = null;

  wrap(
    names.initialize,
    (original, args) => original.apply(api, args),
    () => events.onInitialize?.(),
  );
  wrap(names.get, (original, args) => {
    const [element = ''] = args;
    if (finished()) return afterFinish('', element);
    if (family === '2004' && api.isInitialized()) {
      // scorm-again answers the statuses without resetting the previous call's error code (RTE 3.1.7.6).
      api.lastErrorCode = '0';
      // scorm-again makes it write-only; the SCORM 2004 navigation data model has it read/write.
      if (element === 'adl.nav.request') return (api as Scorm2004).adl.nav.request;
      const targeted = REQUEST_VALID_TARGET.exec(element);
      if (targeted) return targetValidity(api, targeted[1] === 'jump' ? '_jump' : '_choice', targeted[2] ?? '');
    }
    return original.apply(api, args);
  });
  wrap(
    names.set,
    (original, args) => {
      const [element = '', value = ''] = args;
      if (finished()) return afterFinish('false', element);
      const refusal = family === '2004' && api.isInitialized() ? refusalOf(api as Scorm2004, element, value) : null;
      if (refusal) return fail(refusal.code, element, refusal.diagnostic, 'false');
      const growing = collectionGrownBy(api, element);
      const result = original.apply(api, args);
      // scorm-again keeps the record a refused value created; a failed SetValue must change nothing.
      if (result !== 'true' && growing) growing.records.length = growing.length;
      return result;
    },
    ([element = '', value = '']) => {
      const stored = String(value);
      events.onSet?.(element, stored);
      if (element === 'cmi.suspend_data' && stored.length > suspendLimit) {
        events.onSuspendDataOverLimit?.(stored.length, suspendLimit);
      }
    },
  );
  wrap(
    names.commit,
    (original, args) => {
      if (finished()) return afterFinish('false');
      if (events.commitsLost?.()) {
        return fail(COMMIT_FAILED[family], undefined, 'This attempt was opened again elsewhere.', 'false');
      }
      return original.apply(api, args);
    },
    () => events.onCommit?.(),
  );
  wrap(
    names.terminate,
    (original, args) => {
      if (finished()) return afterFinish('false');
      endingNavRequest = family === '2004' ? navRequestOf(api as Scorm2004) : null;
      return original.apply(api, args);
    },
    () => events.onTerminate?.(endingNavRequest),
  );
  return api;
}

/** The collection (objectives, interactions, their objectives and responses, comments) a set adds a record to. */
function collectionGrownBy(api: ContentApi, element: string): { records: unknown[]; length: number } | null {
  let node: unknown = api;
  for (const segment of element.split('.').slice(0, -1)) {
    if (typeof node !== 'object' || node === null) return null;
    const records = (node as { childArray?: unknown }).childArray;
    if (Array.isArray(records) && /^\d+$/.test(segment)) {
      if (Number(segment) >= records.length) return { records, length: records.length };
      node = records[Number(segment)];
    } else {
      node = (node as Record<string, unknown>)[segment];
    }
  }
  return null;
}

/** What scorm-again would accept although SCORM 2004 does not: the error code and why. */
function refusalOf(api: Scorm2004, element: string, value: string): { code: number; diagnostic: string } | null {
  if (element === 'adl.nav.request' && !SCO_NAV_REQUEST.test(value)) {
    return { code: 406, diagnostic: `"${value}" is not a navigation request content can make.` };
  }
  // scorm-again leaves the comments the attempt was launched with writable.
  if (element.startsWith('cmi.comments_from_lms.')) return { code: 404, diagnostic: `${element} is read-only.` };
  const record = NEEDS_RECORD_ID.exec(element);
  if (!record) return null;
  const collection = record[1] === 'objectives' ? api.cmi.objectives : api.cmi.interactions;
  const index = Number(record[2]);
  const existing = collection.childArray[index] as { id?: string } | undefined;
  if (index > collection.childArray.length || existing?.id) return null;
  return { code: 408, diagnostic: `cmi.${record[1]}.${index}.id must be set before ${element}.` };
}

function navRequestOf(api: InstanceType<typeof Scorm2004API>): string | null {
  const request = api.adl?.nav?.request;
  return typeof request === 'string' && request !== '' && request !== '_none_' ? request : null;
}

type NavTargets = {
  setAll: (values: Record<string, string>) => void;
  getAll: () => Record<string, string>;
};
type RequestValid = { _continue: string; _previous: string; _choice: NavTargets; _jump: NavTargets };

const requestValidOf = (api: ContentApi) =>
  (api as { adl?: { nav?: { request_valid?: RequestValid } } }).adl?.nav?.request_valid;

/** What the player decided about a choice or jump to `target`; "unknown" when it said nothing. */
function targetValidity(api: ContentApi, request: '_choice' | '_jump', target: string): string {
  return requestValidOf(api)?.[request].getAll()[target] ?? 'unknown';
}

/**
 * Answers `adl.nav.request_valid.*` with what the player's sequencing engine decided; the content reads them
 * synchronously, and they are read-only to it.
 */
export function applyNavValidity(api: ContentApi, validity: NavValidity) {
  const requestValid = requestValidOf(api);
  if (!requestValid) return;
  const word = (valid: boolean) => (valid ? 'true' : 'false');
  requestValid._continue = word(validity.continue);
  requestValid._previous = word(validity.previous);
  requestValid._choice.setAll(
    Object.fromEntries(Object.entries(validity.choice).map(([id, valid]) => [id, word(valid)])),
  );
}

export type SharedDataStore = NonNullable<ScormAttemptStart['adl_data']>[number];

type SharedDataAdl = {
  configureSharedDataMaps: (
    maps: Array<{ targetID: string; readSharedData: boolean; writeSharedData: boolean }>,
  ) => void;
  restoreSharedDataSnapshot: (stores: Record<string, string>) => void;
  captureWritableSharedDataSnapshot: () => Record<string, string>;
};

const sharedDataAdl = (api: ContentApi) => (api as unknown as { adl?: SharedDataAdl }).adl;

/**
 * `adl.data` (SCORM 2004 4th edition): the shared stores the SCO maps, holding what earlier SCOs and attempts of
 * the learner stored; a store never written reads as not initialized.
 */
export function configureSharedData(api: ContentApi, stores: SharedDataStore[]) {
  const adl = sharedDataAdl(api);
  if (!adl || stores.length === 0) return;
  adl.configureSharedDataMaps(
    stores.map((store) => ({ targetID: store.id, readSharedData: store.readable, writeSharedData: store.writable })),
  );
  adl.restoreSharedDataSnapshot(
    Object.fromEntries(stores.filter((store) => store.store !== '').map((store) => [store.id, store.store])),
  );
}

/** The shared stores the SCO may write, as it left them, for a commit. */
function writtenSharedData(api: ContentApi): Array<{ id: string; store: string }> {
  const stores = sharedDataAdl(api)?.captureWritableSharedDataSnapshot() ?? {};
  return Object.entries(stores).map(([id, store]) => ({ id, store }));
}

/** `cmi.core.session_time` (SCORM 1.2, HHHH:MM:SS.SS) or `cmi.session_time` (2004, ISO 8601 duration). */
export function formatSessionTime(family: '1.2' | '2004', seconds: number): string {
  const whole = Math.max(0, seconds);
  if (family === '2004') return `PT${Math.round(whole * 100) / 100}S`;
  const hours = Math.min(9999, Math.floor(whole / 3600));
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = (whole % 60).toFixed(2).padStart(5, '0');
  return `${String(hours).padStart(4, '0')}:${String(minutes).padStart(2, '0')}:${rest}`;
}

const isSessionTime = (element: string) => element === 'cmi.core.session_time' || element === 'cmi.session_time';

/**
 * The full commit object of the data the content holds now (`cmi`, and `adl` in SCORM 2004). Content that never
 * reports its session time gets the time the session really lasted, as the LMS measured it.
 */
export function createSnapshots(
  api: ContentApi,
  family: '1.2' | '2004',
  { shared = false, now = Date.now }: { shared?: boolean; now?: () => number } = {},
) {
  let startedAt: number | null = null;
  let endedAt: number | null = null;
  let reported = false;
  return {
    initialized: () => {
      startedAt = now();
    },
    set: (element: string) => {
      if (isSessionTime(element)) reported = true;
    },
    terminated: () => {
      endedAt = now();
    },
    take(): Record<string, unknown> {
      const rendered = api.renderCommitCMI(true) as { cmi: Record<string, unknown> } & Record<string, unknown>;
      const commit = shared ? { ...rendered, adl_data: writtenSharedData(api) } : rendered;
      if (reported || startedAt === null) return commit;
      const session = formatSessionTime(family, ((endedAt ?? now()) - startedAt) / 1000);
      if (family === '2004') return { ...commit, cmi: { ...commit.cmi, session_time: session } };
      const core = (commit.cmi.core ?? {}) as Record<string, unknown>;
      return { ...commit, cmi: { ...commit.cmi, core: { ...core, session_time: session } } };
    },
  };
}
