import type { ScormSequencingState } from '@portal/shared/scorm-sequencing';
import { apiRequest } from '@/lib/api';

/** Browsers refuse keepalive requests with bodies over 64 KiB; larger states go as ordinary requests. */
const KEEPALIVE_LIMIT = 60_000;

/**
 * Keeps the sequencing engine's state for the learner's own enrolment, read before the next SCO is delivered, built
 * on the stored `revision` by the tab `window`; a 409 means another tab saved first. Small states travel with keepalive, so a state
 * saved just before the tab closes still arrives.
 */
export function saveSequencingState(enrollmentId: string, state: string, revision: number, window: string) {
  const body = { state, revision, window };
  return apiRequest<ScormSequencingState>(`/api/scorm/launch/${enrollmentId}/sequencing-state`, {
    method: 'PUT',
    body,
    keepalive: JSON.stringify(body).length < KEEPALIVE_LIMIT,
  });
}
