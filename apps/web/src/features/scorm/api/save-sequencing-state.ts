/** Browsers refuse keepalive requests with bodies over 64 KiB; larger states go as ordinary requests. */
const KEEPALIVE_LIMIT = 60_000;

/**
 * Keeps the sequencing engine's state for the learner's own enrolment, read before the next SCO is delivered.
 * Small states travel with keepalive, so a state saved just before the tab closes still arrives.
 */
export async function saveSequencingState(enrollmentId: string, state: string): Promise<void> {
  const body = JSON.stringify({ state });
  const response = await fetch(`/api/scorm/launch/${enrollmentId}/sequencing-state`, {
    method: 'PUT',
    credentials: 'same-origin',
    keepalive: body.length < KEEPALIVE_LIMIT,
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body,
  });
  if (!response.ok) throw new Error(`The sequencing state was not saved (${response.status}).`);
}
