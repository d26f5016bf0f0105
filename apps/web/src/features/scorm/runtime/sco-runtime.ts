import type { ScormAttemptStart, ScormVersionCode } from '@portal/shared/scorm';
import type { Scorm2004API, Settings } from 'scorm-again';
import {
  envelope,
  isEnvelope,
  type NavValidity,
  type PlayerToWrapper,
  type SaveState,
  type WrapperToPlayer,
} from '../content-frame/protocol';

type SequencedApi = InstanceType<typeof Scorm2004API>;

export type ScoRuntimeEvents = {
  /**
   * The content ended its session (LMSFinish / Terminate) and what it set is stored, with its navigation request
   * if it made one. With sequencing, the engine's API has processed the request by then.
   */
  onTerminate?: (navRequest: string | null, sequencedApi: SequencedApi | null) => void;
  /** How saving the content's data goes: saving, saved, retrying after a failure, or refused by the server. */
  onSaveState?: (state: SaveState, message?: string) => void;
  /** The content made an API call that failed (its SCORM error code, and the element when it named one). */
  onApiError?: (errorCode: number, element: string | null) => void;
  /** Content tried to keep more suspend data than the standard guarantees. */
  onSuspendDataOverLimit?: (length: number, limit: number) => void;
  /** A commit the wrapper sent (or will send once it can): keep a copy until `onAnswered` names it or a later one. */
  onUnsent?: (commit: { sequence: number; body: string }) => void;
  /** The server answered the commit with this number. */
  onAnswered?: (sequence: number) => void;
};

/** Settings of the engine's copy of the SCO's API: it keeps nothing itself; the wrapper stores the data. */
const MIRROR_SETTINGS: Settings = { autocommit: false, lmsCommitUrl: false, logLevel: 5 as const };

/**
 * One SCO's runtime, seen from the player. The SCORM API itself runs in the wrapper page on the content origin
 * (answering the content synchronously and storing its data through `commitUrl`); the player hands it the attempt
 * and hears what happened. With SCORM 2004 sequencing, the engine's API mirrors every value the content set, in
 * order, so the engine decides navigation on the data the content left, and the engine's navigation validity is
 * handed back for the content to read.
 */
export function startScoRuntime({
  version,
  scoId,
  attempt,
  contentOrigin,
  frameWindow,
  commitUrl,
  events = {},
  createSequencedApi,
  itemIds = [],
}: {
  version: ScormVersionCode;
  scoId: string;
  attempt: ScormAttemptStart;
  contentOrigin: string;
  /** The wrapper frame's window, once it exists. */
  frameWindow: () => Window | null;
  /** Where the wrapper stores commits; null in preview (nothing is recorded). */
  commitUrl: string | null;
  events?: ScoRuntimeEvents;
  /** SCORM 2004 with sequencing: builds the engine's API for this delivery. */
  createSequencedApi?: (settings: Settings) => SequencedApi;
  /** Activities whose choice validity the content may ask about. */
  itemIds?: string[];
}) {
  const family = version === '1.2' ? '1.2' : '2004';
  const mirror = family === '2004' && createSequencedApi ? createSequencedApi(MIRROR_SETTINGS) : null;
  // The engine's copy starts the session at once: Initialize is where the engine hands the delivered activity its
  // objectives (global ones read through mapInfo included), and the content must find them in its own API too.
  let launchCmi = attempt.cmi;
  if (mirror) {
    mirror.loadFromJSON(attempt.cmi, '');
    mirror.Initialize('');
    const objectives = (mirror.renderCMIToJSONObject() as { cmi?: { objectives?: unknown } }).cmi?.objectives;
    if (objectives !== undefined) launchCmi = { ...attempt.cmi, objectives };
  }
  let ready = false;
  let stopped = false;
  let lastValidity = '';
  let unloading: { resolve: (result: { terminated: boolean; navRequest: string | null }) => void } | null = null;

  const post = (message: PlayerToWrapper) => {
    const target = frameWindow();
    if (target) target.postMessage(envelope(message), contentOrigin);
  };

  const validityNow = (): NavValidity | null => {
    if (!mirror?.isInitialized()) return null;
    const requestValid = mirror.adl.nav.request_valid as unknown as {
      continue: string;
      previous: string;
      choice: { _isTargetValid: (id: string) => string };
    };
    return {
      continue: requestValid.continue === 'true',
      previous: requestValid.previous === 'true',
      choice: Object.fromEntries(itemIds.map((id) => [id, requestValid.choice._isTargetValid(id) === 'true'])),
    };
  };
  const shareValidity = () => {
    const validity = validityNow();
    if (!validity) return;
    const key = JSON.stringify(validity);
    if (key === lastValidity) return;
    lastValidity = key;
    post({ type: 'validity', validity });
  };

  const onMessage = (event: MessageEvent) => {
    if (stopped || event.origin !== contentOrigin || event.source !== frameWindow()) return;
    if (!isEnvelope<WrapperToPlayer>(event.data)) return;
    const message = event.data;
    switch (message.type) {
      case 'ready':
        ready = true;
        post({
          type: 'init',
          family,
          scoId,
          attempt: { ...attempt, cmi: launchCmi },
          commitUrl,
          validity: validityNow(),
        });
        return;
      case 'initialized':
        shareValidity();
        return;
      case 'set':
        if (mirror?.isInitialized() && !mirror.isTerminated()) {
          for (const [element, value] of message.values) mirror.SetValue(element, value);
          shareValidity();
        }
        return;
      case 'api-error':
        events.onApiError?.(message.code, message.element);
        return;
      case 'suspend-over-limit':
        events.onSuspendDataOverLimit?.(message.length, message.limit);
        return;
      case 'save-state':
        events.onSaveState?.(message.state, message.message);
        return;
      case 'unsent':
        events.onUnsent?.({ sequence: message.sequence, body: message.body });
        return;
      case 'answered':
        events.onAnswered?.(message.sequence);
        return;
      case 'terminated':
        if (mirror?.isInitialized() && !mirror.isTerminated()) mirror.Terminate('');
        events.onTerminate?.(message.navRequest, mirror);
        return;
      case 'unloaded':
        unloading?.resolve({ terminated: message.terminated, navRequest: message.navRequest });
        unloading = null;
        return;
    }
  };
  window.addEventListener('message', onMessage);

  return {
    /** The engine's copy of the SCO's API (SCORM 2004 with sequencing). */
    sequencedApi: mirror,
    /**
     * The learner navigates with the player: the content is unloaded (it may end its session as it goes) and what
     * it set is stored before this resolves, so the next activity starts from it.
     */
    unload(): Promise<{ terminated: boolean; navRequest: string | null }> {
      if (!ready || stopped) return Promise.resolve({ terminated: false, navRequest: null });
      return new Promise((resolve) => {
        unloading = { resolve };
        post({ type: 'unload' });
      });
    },
    /**
     * Lets go of the frame. Removing the frame unloads the wrapper, which sends what is still unsaved in a
     * keepalive request of its own.
     */
    stop() {
      stopped = true;
      window.removeEventListener('message', onMessage);
      unloading?.resolve({ terminated: false, navRequest: null });
      unloading = null;
    },
  };
}
export type ScoRuntime = ReturnType<typeof startScoRuntime>;
