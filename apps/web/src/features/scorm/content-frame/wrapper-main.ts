import { createApiErrorTally } from './api-error-tally';
import { type CommitQueue, type CommitResponse, createCommitQueue } from './commit-queue';
import {
  applyNavValidity,
  type ContentApi,
  configureSharedData,
  createContentApi,
  createSnapshots,
} from './content-api';
import { envelope, isEnvelope, type PlayerToWrapper, type WrapperToPlayer } from './protocol';

/**
 * The wrapper page on the content origin: it defines the SCORM API the content finds in its parent window, loads
 * the SCO into its frame once the player handed over the attempt, stores the content's data on the server itself
 * (so what the content sends while the page closes still arrives) and keeps the player told. It never opens a
 * dialog.
 */
const script = document.currentScript as HTMLScriptElement;
const appOrigin = script.getAttribute('data-app-origin') ?? '';
const launch = script.getAttribute('data-launch') ?? '';
const frame = document.getElementById('sco') as HTMLIFrameElement;

let api: ContentApi | null = null;
let queue: CommitQueue | null = null;
let pendingSets: Array<[string, string]> = [];
let terminated = false;
let navRequest: string | null = null;
/** The attempt was opened again elsewhere and saved from there: commits from here are refused. */
let takenOver = false;
const apiErrors = createApiErrorTally();

const tell = (message: WrapperToPlayer) => {
  if (message.type !== 'set') flushSets();
  window.parent.postMessage(envelope(message), appOrigin);
};

/** Values set in a burst reach the player in one message, after whatever the content did before them. */
function flushSets() {
  if (pendingSets.length === 0) return;
  const values = pendingSets;
  pendingSets = [];
  window.parent.postMessage(envelope({ type: 'set', values }), appOrigin);
}

const sendTo =
  (url: string) =>
  async (body: string, keepalive: boolean): Promise<CommitResponse> => {
    const response = await fetch(url, {
      method: 'POST',
      keepalive,
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const parsed = (await response.json().catch(() => null)) as { message?: string } | null;
    return { status: response.status, body: parsed };
  };

function start(message: Extract<PlayerToWrapper, { type: 'init' }>) {
  if (api) return;
  const { family, attempt, commitUrl, scoId } = message;
  let snapshots: ReturnType<typeof createSnapshots> | null = null;
  const content = createContentApi({
    family,
    cmi: attempt.cmi,
    events: {
      onInitialize: () => {
        snapshots?.initialized();
        tell({ type: 'initialized' });
      },
      onSet: (element, value) => {
        snapshots?.set(element);
        pendingSets.push([element, value]);
        if (pendingSets.length === 1) queueMicrotask(flushSets);
        queue?.changed();
      },
      onCommit: () => void queue?.save(),
      onTerminate: (request) => {
        snapshots?.terminated();
        terminated = true;
        navRequest = request;
        flushSets();
        void queue?.save({ terminate: true }).then(() => tell({ type: 'terminated', navRequest: request }));
      },
      onError: (code, element) => {
        apiErrors.note(code, element);
        tell({ type: 'api-error', code, element });
      },
      onSuspendDataOverLimit: (length, limit) => tell({ type: 'suspend-over-limit', length, limit }),
      commitsLost: () => takenOver,
    },
  });
  api = content;
  const shared = family === '2004' ? (attempt.adl_data ?? []) : [];
  configureSharedData(content, shared);
  const taken = createSnapshots(content, family, { shared: shared.length > 0 });
  snapshots = taken;
  queue = createCommitQueue({
    scoId,
    startSequence: attempt.commit_sequence,
    launch: attempt.launch,
    // Each commit also takes the calls refused since the last one to the server log.
    snapshot: (options) => {
      const data = taken.take();
      // The refused calls go with a commit that is sent, not with a copy only kept while offline.
      if (options?.keeping) return data;
      const refused = apiErrors.take();
      return refused.length > 0 ? { ...data, api_errors: refused } : data;
    },
    send: commitUrl ? sendTo(commitUrl) : async () => ({ status: 200, body: null }),
    onState: (state, text) => {
      if (state === 'taken-over') takenOver = true;
      tell({ type: 'save-state', state, ...(text ? { message: text } : {}) });
    },
    // This origin's storage is often refused inside another site's page: the player keeps the copies.
    ...(commitUrl
      ? {
          keep: ({ sequence, body }: { sequence: number; body: string }) => tell({ type: 'unsent', sequence, body }),
          answered: (sequence: number) => tell({ type: 'answered', sequence }),
        }
      : {}),
  });
  if (message.validity) applyNavValidity(content, message.validity);
  const globals = window as unknown as Record<string, unknown>;
  globals[family === '1.2' ? 'API' : 'API_1484_11'] = content;
  frame.src = launch;
}

/** The player navigates: the content unloads (and may end its session as it goes), then its data is stored. */
function unload() {
  const finish = () => {
    // A content that ended its session already has its last data on the way: wait for it, send nothing more.
    const ending = queue && api?.isInitialized() && !terminated ? queue.save({ terminate: true }) : queue?.flush();
    void (ending ?? Promise.resolve()).then(() => tell({ type: 'unloaded', terminated, navRequest }));
  };
  if (!frame.getAttribute('src') || frame.getAttribute('src') === 'about:blank') return finish();
  frame.addEventListener('load', finish, { once: true });
  frame.src = 'about:blank';
}

window.addEventListener('message', (event: MessageEvent) => {
  if (event.origin !== appOrigin || event.source !== window.parent || !isEnvelope<PlayerToWrapper>(event.data)) return;
  const message = event.data;
  if (message.type === 'init') start(message);
  else if (message.type === 'validity' && api) applyNavValidity(api, message.validity);
  else if (message.type === 'unload') unload();
});

window.addEventListener('pagehide', (event) => {
  flushSets();
  queue?.close();
  if (event.persisted) window.addEventListener('pageshow', () => queue?.reopen(), { once: true });
});
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden' && queue && !queue.settled) void queue.save();
});
window.addEventListener('online', () => queue?.retryNow());

tell({ type: 'ready' });
