import type { ScormOrganizationTree, ScormSco } from '@portal/shared/scorm';
import { sequencingSettingsFor } from '@portal/shared/scorm-sequencing';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api';
import type { PlayerTarget } from '../api/get-player-session';
import { getSequencingState } from '../api/get-sequencing-state';
import { saveSequencingState } from '../api/save-sequencing-state';
import { createSequencer, type Sequencer, type SequencingOutcome, type SequencingView, SUSPENDED } from './sequencer';
import { tabId } from './tab-id';

export type SequencingPlayer =
  | { status: 'off' }
  | { status: 'loading' }
  | { status: 'failed' }
  | {
      status: 'ready';
      sequencer: Sequencer;
      /** The item in delivery; null when nothing is. */
      itemId: string | null;
      /** Counts deliveries, so a retried SCO starts afresh. */
      delivery: number;
      /** The sequencing session ended (the course is over, or exited); a suspended one only stops. */
      finished: boolean;
      /** The SCO ended and the engine delivered nothing: the learner chooses where to go. */
      stopped: boolean;
      view: SequencingView;
    };

/**
 * SCORM 2004 navigation through the sequencing engine: loads the enrolment's saved state (preview keeps it in
 * memory only), decides what to deliver first, and applies what each navigation leads to.
 */
export function useSequencer({
  enabled,
  target,
  organization,
  scos,
  requestedItemId,
  historyItemId,
  onSaveProblem,
}: {
  enabled: boolean;
  target: PlayerTarget;
  organization: ScormOrganizationTree | undefined;
  scos: ScormSco[];
  requestedItemId: string | null;
  /** The SCO the learner was last in by their runtime data, if any. */
  historyItemId: string | null;
  /** The state could not be kept on the server; the next navigation sends it again. */
  onSaveProblem: () => void;
}) {
  const [player, setPlayer] = useState<SequencingPlayer>(enabled ? { status: 'loading' } : { status: 'off' });
  const [attempt, setAttempt] = useState(0);
  /** Another window saved a newer state: this one stops saving, so the newer state is kept. */
  const [movedOn, setMovedOn] = useState(false);
  const revision = useRef({ stored: 0, movedOn: false });
  const start = useRef({ target, organization, scos, requestedItemId, historyItemId, onSaveProblem });
  start.current = { target, organization, scos, requestedItemId, historyItemId, onSaveProblem };

  useEffect(() => {
    void attempt;
    if (!enabled) return;
    const { target, organization, scos, requestedItemId, historyItemId } = start.current;
    if (!organization) return;
    let cancelled = false;
    setPlayer({ status: 'loading' });
    const load =
      target.mode === 'launch'
        ? getSequencingState(target.enrollmentId)
        : Promise.resolve({ state: null, revision: 0 });
    load
      .then(({ state, revision: stored }) => {
        if (cancelled) return;
        revision.current = { stored, movedOn: false };
        setMovedOn(false);
        const sequencer = createSequencer({
          sequencing: sequencingSettingsFor(organization, scos),
          initialState: state,
          // Saves run one after another, so each is built on the revision the one before it stored.
          save:
            target.mode === 'launch'
              ? (next) => {
                  if (revision.current.movedOn) return Promise.resolve(false);
                  return saveSequencingState(target.enrollmentId, next, revision.current.stored, tabId()).then(
                    (saved) => {
                      revision.current.stored = saved.revision;
                      return true;
                    },
                    (error: unknown) => {
                      if (error instanceof ApiError && error.status === 409) {
                        revision.current.movedOn = true;
                        setMovedOn(true);
                      } else {
                        start.current.onSaveProblem();
                      }
                      return false;
                    },
                  );
                }
              : () => Promise.resolve(true),
        });
        const outcome = sequencer.begin(requestedItemId, historyItemId);
        setPlayer({
          status: 'ready',
          sequencer,
          itemId: outcome.kind === 'deliver' ? outcome.itemId : null,
          delivery: 1,
          finished: outcome.kind === 'end' && outcome.reason !== SUSPENDED,
          stopped: outcome.kind === 'stay' || (outcome.kind === 'end' && outcome.reason === SUSPENDED),
          view: sequencer.view(),
        });
      })
      .catch(() => {
        if (!cancelled) setPlayer({ status: 'failed' });
      });
    return () => {
      cancelled = true;
    };
  }, [enabled, attempt]);

  /** Applies a navigation's outcome; `fromLearner` keeps the SCO running when the engine refuses. */
  const apply = useCallback(
    (outcome: SequencingOutcome, fromLearner: boolean) => {
      if (player.status !== 'ready') return;
      const view = player.sequencer.view();
      setPlayer((current) => {
        if (current.status !== 'ready') return current;
        if (outcome.kind === 'deliver') {
          return {
            ...current,
            itemId: outcome.itemId,
            delivery: current.delivery + 1,
            finished: false,
            stopped: false,
            view,
          };
        }
        if (outcome.kind === 'end') {
          const suspended = outcome.reason === SUSPENDED;
          return { ...current, finished: !suspended, stopped: suspended, view };
        }
        return { ...current, stopped: current.stopped || !fromLearner, view };
      });
    },
    [player],
  );

  return { player, apply, movedOn, retry: () => setAttempt((count) => count + 1) };
}
