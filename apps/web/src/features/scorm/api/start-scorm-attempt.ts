import type { ScormAttemptStart } from '@portal/shared/scorm';
import { api } from '@/lib/api';
import type { PlayerTarget } from './get-player-session';

/** The runtime data a SCO starts from: a resumed or new attempt (launch), or a blank learner (preview). */
export const startScormAttempt = (target: PlayerTarget, scoId: string) =>
  api.post<ScormAttemptStart>(
    target.mode === 'preview'
      ? `/api/scorm/preview/${target.packageId}/scos/${scoId}/attempt`
      : `/api/scorm/launch/${target.enrollmentId}/scos/${scoId}/attempt`,
  );
