import { SCORM_SUSPEND_DATA_LIMITS, type ScormAttemptStart, type ScormVersionCode } from '@portal/shared/scorm';
import { CrossFrameLMS, Scorm12API, Scorm2004API, type Settings } from 'scorm-again';

type Runtime = InstanceType<typeof Scorm12API> | InstanceType<typeof Scorm2004API>;

export type ScoRuntimeEvents = {
  /**
   * The content ended its session (LMSFinish / Terminate), with its navigation request if it made one. Called
   * once Terminate has returned, so a sequencing engine in the API has processed the request by then.
   */
  onTerminate?: (navRequest: string | null) => void;
  /** A commit was refused or could not be delivered. */
  onCommitProblem?: (errorCode: number) => void;
  /** The content made an API call that failed (its SCORM error code, and the element when it named one). */
  onApiError?: (errorCode: number, element: string | null) => void;
  /** Content tried to keep more suspend data than the standard guarantees. */
  onSuspendDataOverLimit?: (length: number, limit: number) => void;
};

/**
 * What the commit endpoint answers, read by scorm-again after each synchronous commit. A stale answer (a newer
 * commit of the attempt is already stored) lost nothing, so the content is told the commit succeeded.
 */
function readCommitResult(xhr: XMLHttpRequest) {
  try {
    const body = JSON.parse(xhr.responseText) as { result?: unknown; errorCode?: unknown; stale?: unknown };
    if (body.stale === true) return { result: true, errorCode: 0 };
    if (typeof body.result === 'boolean') {
      return {
        result: body.result,
        errorCode: typeof body.errorCode === 'number' ? body.errorCode : body.result ? 0 : 101,
      };
    }
  } catch {
    // A non-JSON answer (proxy error page) is a general failure.
  }
  return { result: false, errorCode: 101 };
}

/** scorm-again's log line for a failed API call: "SCORM Error 405: Incorrect Data Type [Element: cmi.x]". */
const API_ERROR_LINE = /^SCORM Error (\d+):.*?(?: \[Element: ([^\]]+)\])?$/s;

/**
 * One SCO's runtime in the app frame: a fresh scorm-again API (reusing one carries total time over), loaded with
 * the attempt's data, answering the content origin's wrapper through CrossFrameLMS. In launch mode every commit
 * goes to the server numbered one after another from the attempt's last stored commit, so the server can ignore
 * a late one; on page hide the current data leaves with a keepalive request. Nothing here opens a dialog: failed
 * API calls are reported through `onApiError`.
 */
export function startScoRuntime({
  version,
  scoId,
  attempt,
  contentOrigin,
  record,
  events = {},
  createSequencedApi,
}: {
  version: ScormVersionCode;
  scoId: string;
  attempt: ScormAttemptStart;
  contentOrigin: string;
  /** False in preview: nothing is sent to the server. */
  record: boolean;
  events?: ScoRuntimeEvents;
  /** SCORM 2004 with sequencing: builds the fresh API around the engine's state. */
  createSequencedApi?: (settings: Settings) => InstanceType<typeof Scorm2004API>;
}) {
  const family = version === '1.2' ? '1.2' : '2004';
  const commitUrl = record ? `/api/scorm/attempts/${attempt.attempt_id}/commit` : false;
  let sequence = attempt.commit_sequence;
  const numbered = (commit: unknown) => ({ ...(commit as object), sco_id: scoId, sequence: ++sequence });
  const settings: Settings = {
    autocommit: record,
    autocommitSeconds: 30,
    lmsCommitUrl: commitUrl,
    dataCommitFormat: 'json',
    sendFullCommit: true,
    terminateCommitPayloadField: 'terminate',
    requestHandler: numbered,
    xhrWithCredentials: true,
    xhrResponseHandler: (xhr: XMLHttpRequest) => {
      const result = readCommitResult(xhr);
      if (!result.result) events.onCommitProblem?.(result.errorCode);
      return result;
    },
    // Errors only, and never to the console or a dialog: each failed call of the content reaches the player.
    logLevel: 4 as const,
    onLogMessage: (_level, message) => {
      const failed = API_ERROR_LINE.exec(message);
      if (failed) events.onApiError?.(Number(failed[1]), failed[2] ?? null);
    },
  };
  const api: Runtime =
    family === '1.2' ? new Scorm12API(settings) : (createSequencedApi?.(settings) ?? new Scorm2004API(settings));
  api.loadFromJSON(attempt.cmi, '');
  const lms = new CrossFrameLMS(api, contentOrigin);

  const suspendLimit = SCORM_SUSPEND_DATA_LIMITS[family];
  const setValueEvent = family === '1.2' ? 'LMSSetValue.cmi.suspend_data' : 'SetValue.cmi.suspend_data';
  api.on(setValueEvent, (_element: string, value: unknown) => {
    const length = String(value ?? '').length;
    if (length > suspendLimit) events.onSuspendDataOverLimit?.(length, suspendLimit);
  });
  let terminated: ReturnType<typeof setTimeout> | undefined;
  api.on(family === '1.2' ? 'LMSFinish' : 'Terminate', () => {
    const request = family === '2004' ? ((api as InstanceType<typeof Scorm2004API>).adl?.nav?.request ?? null) : null;
    terminated = setTimeout(() => events.onTerminate?.(request), 0);
  });

  const sendNow = (keepalive: boolean) => {
    if (!record || !api.isInitialized() || api.isTerminated()) return;
    const body = JSON.stringify(numbered({ ...(api.renderCommitCMI(true) as object), terminate: false }));
    void fetch(commitUrl as string, {
      method: 'POST',
      keepalive,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body,
    }).catch(() => {
      // The page is going away; there is no one left to tell.
    });
  };
  const onPageHide = () => sendNow(true);
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') sendNow(true);
  };
  window.addEventListener('pagehide', onPageHide);
  document.addEventListener('visibilitychange', onVisibility);

  return {
    api,
    /** Saves what the content left unsaved, cancels its pending autosave and timers, and lets go of the frame. */
    stop() {
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibility);
      api.clearScheduledCommit();
      clearTimeout(terminated);
      sendNow(false);
      lms.destroy();
    },
  };
}
export type ScoRuntime = ReturnType<typeof startScoRuntime>;
