import type { ScormSequencingState } from '@portal/shared/scorm-sequencing';
import { api } from '@/lib/api';

/** The SCORM 2004 sequencing state kept for the learner's own enrolment (null before the first save). */
export const getSequencingState = (enrollmentId: string) =>
  api.get<ScormSequencingState>(`/api/scorm/launch/${enrollmentId}/sequencing-state`);
