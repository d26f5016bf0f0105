import type { ScormAttemptStart } from '@portal/shared/scorm';

/**
 * Messages between the player (app origin) and the wrapper page that runs the SCORM API on the content origin.
 * The wrapper answers the content synchronously and keeps its own commits; the player learns what happened.
 */
export const FRAME_PROTOCOL = 'portal-scorm-frame/1';

export type SaveState = 'idle' | 'saving' | 'saved' | 'retrying' | 'refused' | 'taken-over';

/** Navigation validity the player's sequencing engine computed, read by the content as `adl.nav.request_valid.*`. */
export type NavValidity = { continue: boolean; previous: boolean; choice: Record<string, boolean> };

export type PlayerToWrapper =
  | {
      type: 'init';
      family: '1.2' | '2004';
      scoId: string;
      attempt: ScormAttemptStart;
      /** Where commits go on the content origin (carries a commit token); null in preview. */
      commitUrl: string | null;
      validity: NavValidity | null;
    }
  | { type: 'validity'; validity: NavValidity }
  /** The learner navigates with the player: unload the content, then deliver what it left unsaved. */
  | { type: 'unload' };

export type WrapperToPlayer =
  | { type: 'ready' }
  | { type: 'initialized' }
  /** Values the content set successfully, in order, since the last message. */
  | { type: 'set'; values: Array<[string, string]> }
  | { type: 'api-error'; code: number; element: string | null }
  | { type: 'suspend-over-limit'; length: number; limit: number }
  | { type: 'save-state'; state: SaveState; message?: string }
  /**
   * A commit on its way (or, while sends fail, the next one with what changed since): the player keeps a copy until
   * `answered`, so what a page closed offline held reaches the server on a later visit.
   */
  | { type: 'unsent'; sequence: number; body: string }
  /** The server answered the commit with this number: it and older ones need no copy. */
  | { type: 'answered'; sequence: number }
  /** The content ended its session; everything it set is stored (or could not be and the player was told). */
  | { type: 'terminated'; navRequest: string | null }
  /** The unload the player asked for is done and its data stored. */
  | { type: 'unloaded'; terminated: boolean; navRequest: string | null };

export type Envelope<T> = T & { protocol: typeof FRAME_PROTOCOL };

export function isEnvelope<T extends { type: string }>(data: unknown): data is Envelope<T> {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { protocol?: unknown }).protocol === FRAME_PROTOCOL &&
    typeof (data as { type?: unknown }).type === 'string'
  );
}

export const envelope = <T extends object>(message: T): Envelope<T> => ({ ...message, protocol: FRAME_PROTOCOL });
