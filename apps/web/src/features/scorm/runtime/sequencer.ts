import {
  applySelectionAndRandomization,
  type ScormSelectionSeeds,
  SCORM_SELECTION_SEEDS_KEY as SEEDS_KEY,
  selectionSeedsIn,
} from '@portal/shared/scorm-selection';
import type { ScormEngineSequencing } from '@portal/shared/scorm-sequencing';
import { Scorm2004API, type Settings } from 'scorm-again';

type Api = InstanceType<typeof Scorm2004API>;
// The package's root types do not re-export these two; they are reached through the settings type.
type SequencingSettings = NonNullable<Settings['sequencing']>;
type NavigationValidityUpdate = Parameters<
  NonNullable<NonNullable<SequencingSettings['eventListeners']>['onNavigationValidityUpdate']>
>[0];

/** What the engine allows from where the learner is, for the footer and the table of contents. */
export type SequencingView = {
  continueEnabled: boolean;
  previousEnabled: boolean;
  /** Item identifiers a choice request may open now. */
  choosable: ReadonlySet<string>;
  /** Item identifiers hidden from choice: by a rule, by selection, or not available. */
  hidden: ReadonlySet<string>;
  /** LMS controls the current activity asks to hide (`continue`, `previous`, ...). */
  hideLmsUi: ReadonlySet<string>;
  /**
   * Activity identifiers in the engine's tree order (pre-order): children a `randomizationControls` parent
   * reordered come in the order of the parent's attempt, which the saved state keeps across reloads.
   */
  order: readonly string[];
};

/** What a navigation led to: an activity to deliver, the end of the sequencing session, or nothing. */
export type SequencingOutcome =
  | { kind: 'deliver'; itemId: string }
  | { kind: 'end'; reason: string }
  | { kind: 'stay'; exception: string | null };

/** The engine's activities, as far as the table of contents reads them. */
type EngineNode = {
  id: string;
  isActive: boolean;
  isHiddenFromChoice: boolean;
  isAvailable: boolean;
  children: EngineNode[];
  sequencingRules: { preConditionRules: Array<{ action: string; evaluate: (activity: EngineNode) => boolean }> };
};
type EngineState = { currentActivity: EngineNode | null; rootActivity: EngineNode | null };

const QUIET = { logLevel: 5 as const, lmsCommitUrl: false, autocommit: false };

/**
 * Marks a state saved as the sequencing session ended (not suspended). The engine restores its last activity as
 * still active, so without the mark the next visit would deliver that activity again instead of a new attempt.
 */
const FINISHED_KEY = 'sessionFinished';
/** The engine's session-end reason when the learner suspended the course (to resume it later). */
export const SUSPENDED = 'suspend_all';

const newSeed = () => crypto.randomUUID();

/** The seeds a saved state carries, else new ones (a first visit, or a state saved before seeds were kept). */
function seedsOf(state: string | null): ScormSelectionSeeds {
  return selectionSeedsIn(state) ?? { once: newSeed(), attempt: newSeed() };
}

/**
 * The SCORM 2004 sequencing engine (scorm-again's) across SCOs. Each SCO gets a fresh runtime API (reusing one
 * carries total time over), so the engine's serialized state (activity tree, attempts, suspended activity, global
 * objectives) is handed from API to API and saved after every navigation. Only the API of the SCO in delivery, or
 * a throwaway one when no SCO runs, may navigate; events of a replaced API are ignored.
 */
export function createSequencer({
  sequencing,
  initialState,
  save,
}: {
  sequencing: ScormEngineSequencing;
  initialState: string | null;
  /** Keeps the state (launch mode); resolves false when it could not be kept. */
  save: (state: string) => Promise<boolean>;
}) {
  let state = initialState;
  // Selection and randomization are drawn here, seeded and kept with the state, not by the engine (whose first
  // delivery would ignore its own draw); `attempt` is drawn again when the course starts over.
  let seeds = seedsOf(initialState);
  let drawn = applySelectionAndRandomization(sequencing, seeds);
  let live: Api | null = null;
  let delivered: string | null = null;
  let ended: string | null = null;
  let exception: string | null = null;
  let validity: NavigationValidityUpdate | null = null;
  let saving: Promise<boolean> = Promise.resolve(true);

  const engineSettings = (owner: () => Api | null): SequencingSettings => ({
    activityTree: drawn.sequencing.activityTree as unknown as SequencingSettings['activityTree'],
    logLevel: 'error',
    eventListeners: {
      onActivityDelivery: (activity) => {
        if (owner() === live) delivered = activity.id;
      },
      onSequencingSessionEnd: ({ reason }) => {
        if (owner() === live) ended = reason;
      },
      onSequencingError: (error) => {
        if (owner() === live) exception = error;
      },
      onNavigationValidityUpdate: (update) => {
        if (owner() === live) validity = update;
      },
    },
  });

  /** A fresh API holding the engine's current state; the runtime settings come along for a SCO's API. */
  const freshApi = (runtimeSettings: Settings = QUIET): Api => {
    let api: Api | null = null;
    api = new Scorm2004API({ ...runtimeSettings, sequencing: engineSettings(() => api) });
    if (state) api.deserializeSequencingState(state);
    return api;
  };

  const engineOf = (api: Api) => api.getSequencingState() as EngineState;

  const persist = () => {
    const snapshot = state;
    if (snapshot === null) return;
    saving = saving.then(() => save(snapshot).catch(() => false));
  };

  /** Reads what the last navigation did, keeps the state it left, and saves it. */
  const settle = (api: Api): SequencingOutcome => {
    const finished = !delivered && ended !== null && ended !== SUSPENDED;
    state = JSON.stringify({
      ...JSON.parse(api.serializeSequencingState()),
      [SEEDS_KEY]: seeds,
      ...(finished ? { [FINISHED_KEY]: true } : {}),
    });
    persist();
    const outcome: SequencingOutcome = delivered
      ? { kind: 'deliver', itemId: delivered }
      : ended !== null
        ? { kind: 'end', reason: ended }
        : { kind: 'stay', exception };
    delivered = null;
    ended = null;
    exception = null;
    return outcome;
  };

  const navigateWith = (api: Api, request: string, target?: string): SequencingOutcome => {
    live = api;
    delivered = null;
    ended = null;
    exception = null;
    api.processNavigationRequest(request, target);
    return settle(api);
  };

  return {
    /**
     * Where a visit starts: the activity still in delivery (a reload), the suspended one, else a new sequencing
     * session (`start`), else the item in the address; a finished session starts over keeping global objectives,
     * with a new attempt on the course (and a new draw of what it selects and randomizes on each attempt).
     * A learner with runtime history but no kept state yet (an enrolment begun before states were kept) goes back
     * to `historyItemId`, the SCO they were last in, when the package's rules allow choosing it.
     */
    begin(requestedItemId: string | null, historyItemId: string | null = null): SequencingOutcome {
      const probe = freshApi();
      const { currentActivity } = engineOf(probe);
      const saved = state
        ? (JSON.parse(state) as { sequencing?: { suspendedActivity?: string | null }; [FINISHED_KEY]?: boolean })
        : null;
      const finished = saved?.[FINISHED_KEY] === true;
      if (currentActivity?.isActive && !finished) {
        live = probe;
        return { kind: 'deliver', itemId: currentActivity.id };
      }
      const attempts: Array<[string, string | undefined]> = [];
      if (!finished) {
        if (saved?.sequencing?.suspendedActivity) attempts.push(['resumeAll', undefined]);
        if (!state && historyItemId) attempts.push(['choice', historyItemId]);
        if (!currentActivity) attempts.push(['start', undefined]);
        if (requestedItemId) attempts.push(['choice', requestedItemId]);
      }
      for (const [request, target] of attempts) {
        const outcome = navigateWith(freshApi(), request, target);
        if (outcome.kind === 'deliver') return outcome;
      }
      if (currentActivity && state) {
        const {
          sequencing: _tree,
          suspensionState: _suspension,
          [FINISHED_KEY]: _finished,
          ...kept
        } = JSON.parse(state) as Record<string, unknown>;
        seeds = { once: seeds.once, attempt: newSeed() };
        drawn = applySelectionAndRandomization(sequencing, seeds);
        state = JSON.stringify({
          ...kept,
          sequencing: null,
          currentActivityId: null,
          contentDelivered: false,
          [SEEDS_KEY]: seeds,
        });
        const outcome = navigateWith(freshApi(), 'start');
        if (outcome.kind === 'deliver') return outcome;
      }
      return { kind: 'stay', exception: null };
    },

    /** The runtime API of the SCO being delivered, holding the engine's state and answering for it. */
    createRuntimeApi(runtimeSettings: Settings): Api {
      const api = freshApi(runtimeSettings);
      live = api;
      return api;
    },

    /** After the SCO's Terminate: what its navigation request (or its plain exit) led to. Null for a replaced API. */
    afterTerminate(api: Api): SequencingOutcome | null {
      if (api !== live) return null;
      return settle(api);
    },

    /**
     * A learner's Continue, Previous or table-of-contents choice: the running SCO's API ends its attempt with the
     * data it holds; with no SCO running, a throwaway API navigates from the kept state.
     */
    navigate(request: 'continue' | 'previous' | 'choice', target?: string): SequencingOutcome {
      const running = live && !live.isTerminated() ? live : null;
      const outcome = navigateWith(running ?? freshApi(), request, target);
      // A SCO that was asked to leave must not navigate again when it terminates on unload.
      if (outcome.kind !== 'stay' && running) live = null;
      return outcome;
    },

    /** Footer and table-of-contents state for where the engine is now. */
    view(): SequencingView {
      const api = live ?? freshApi();
      const previousLive = live;
      live = api;
      validity = null;
      api.getSequencingService()?.getOverallSequencingProcess()?.updateNavigationValidity();
      live = previousLive;
      const hidden = new Set<string>();
      const order: string[] = [];
      const walk = (node: EngineNode | null) => {
        if (!node) return;
        order.push(node.id);
        const hiddenByRule = node.sequencingRules.preConditionRules.some(
          (rule) => rule.action === 'hiddenFromChoice' && rule.evaluate(node) === true,
        );
        if (node.isHiddenFromChoice || !node.isAvailable || hiddenByRule) hidden.add(node.id);
        for (const child of node.children) walk(child);
      };
      walk(engineOf(api).rootActivity);
      for (const id of drawn.leftOut) hidden.add(id);
      const current = validity as NavigationValidityUpdate | null;
      return {
        continueEnabled: current?.continue ?? false,
        previousEnabled: current?.previous ?? false,
        choosable: new Set(
          Object.entries(current?.choice ?? {})
            .filter(([, valid]) => valid === 'true')
            .map(([id]) => id),
        ),
        hidden,
        hideLmsUi: new Set(current?.hideLmsUi ?? []),
        order,
      };
    },

    /** Resolves once every state saved so far has reached the server (or failed to). */
    flush: () => saving,
  };
}
export type Sequencer = ReturnType<typeof createSequencer>;
