import type { ScormSequencingState } from '@portal/shared/scorm-sequencing';
import { apiRequest } from '@/lib/api';

/**
 * Keeps the sequencing engine's state for the learner's own enrolment, read before the next SCO is delivered, built
 * on the stored `revision` by the tab `window`; a 409 means another tab saved first. It travels with keepalive when
 * small enough, so a state saved just before the tab closes still arrives.
 */
export const saveSequencingState = (enrollmentId: string, state: string, revision: number, window: string) =>
  apiRequest<ScormSequencingState>(`/api/scorm/launch/${enrollmentId}/sequencing-state`, {
    method: 'PUT',
    body: { state, revision, window },
    keepalive: true,
  });
