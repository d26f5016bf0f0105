import type { ScormAttemptStart } from '@portal/shared/scorm';
import { AppError } from '../../errors.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import type { ScormAttemptRow, ScormRepository, ScormScoRow } from './scorm.repository.ts';
import type { ScormActor } from './scorm.service.ts';
import type { createCommitRollUp } from './scorm-commit-rollup.ts';
import { buildLaunchCmi, runtimeFamilyOf } from './scorm-runtime.ts';
import type { ScormRuntimeAccess } from './scorm-runtime-access.ts';

type RollUp = ReturnType<typeof createCommitRollUp>;
type Launch = { actor: ScormActor; enrollmentId: string; scoId: string };

/** The latest attempt when it has not ended (resumed with its data and a new session), else a new one. */
async function openAttempt(repository: ScormRepository, { actor, enrollmentId, scoId }: Launch) {
  const latest = await repository.latestOwnAttempt(actor.id, enrollmentId, scoId);
  if (latest && !latest.endedAt) {
    const stored = await repository.findAttemptData(latest.id);
    const launch = await repository.beginSession(actor.id, latest.id);
    return { attempt: latest, stored, launch };
  }
  const number = (latest?.number ?? 0) + 1;
  const attempt = await repository.insertAttempt({ enrollmentId, scoId, learnerId: actor.id, number, launchCount: 1 });
  return { attempt, stored: null, launch: 1 };
}

/** The cmi data a launch or preview starts from, and the attempt it belongs to. */
function attemptStart({
  attempt,
  actor,
  family,
  sco,
  stored,
  mode,
  launch,
}: {
  attempt: Pick<ScormAttemptRow, 'id' | 'number' | 'commitCount' | 'totalTimeSeconds'>;
  /** The launch this player runs as (0 for a preview, which stores nothing). */
  launch: number;
  actor: ScormActor;
  family: ReturnType<typeof runtimeFamilyOf>;
  sco: ScormScoRow;
  stored: Record<string, unknown> | null;
  mode: 'browse' | 'normal';
}): ScormAttemptStart {
  const entry = stored && attempt.commitCount > 0 ? 'resume' : 'ab-initio';
  const totalSeconds = attempt.totalTimeSeconds;
  return {
    attempt_id: attempt.id,
    number: attempt.number,
    entry,
    learner: { id: actor.id, name: actor.name },
    commit_sequence: attempt.commitCount,
    launch,
    cmi: buildLaunchCmi({ family, learner: actor, settings: sco.settings, stored, entry, totalSeconds, mode }),
  };
}

type AttemptStartDeps = {
  repository: ScormRepository;
  domainEvents: DomainEvents;
  access: ScormRuntimeAccess;
  rollUp: RollUp;
};

/** Starting an attempt: a preview's throwaway one, or the learner's own, resumed or new. */
export function createScormAttemptStart({ repository, domainEvents, access, rollUp }: AttemptStartDeps) {
  async function requireSco(packageId: string, scoId: string) {
    const sco = await repository.findSco(packageId, scoId);
    if (!sco) throw new AppError('not_found', 'SCO not found.');
    return sco;
  }

  return {
    /** The cmi data a preview starts from: a learner with no history, in browse mode. */
    async previewAttempt(actor: ScormActor, packageId: string, scoId: string): Promise<ScormAttemptStart> {
      const pkg = await access.openablePackage(actor, packageId);
      const sco = await requireSco(packageId, scoId);
      const attempt = { id: '', number: 0, commitCount: 0, totalTimeSeconds: 0 };
      const family = runtimeFamilyOf(pkg.version ?? '1.2');
      return attemptStart({ attempt, actor, family, sco, stored: null, mode: 'browse', launch: 0 });
    },

    /**
     * Opens the attempt a launch runs in: the latest one when it has not ended (resumed with its data), else a new
     * one. A fresh session starts either way, so its time adds to the attempt's total.
     */
    async startAttempt(actor: ScormActor, enrollmentId: string, scoId: string): Promise<ScormAttemptStart> {
      const { enrollment, pkg } = await access.ownReadyEnrollment(actor, enrollmentId);
      await access.assertMayLaunch(actor, enrollment, pkg);
      const sco = await requireSco(pkg.id, scoId);
      let { attempt, stored, launch } = await openAttempt(repository, { actor, enrollmentId, scoId });
      await repository.markLaunched(actor.id, enrollmentId, scoId);
      // An asset has no API to report through: opening it completes it (an asset-only package included).
      if (sco.scormType === 'asset' && attempt.completionStatus !== 'completed') {
        await repository.transaction(async (tx) => {
          await repository.saveAttempt(tx, attempt.id, { completionStatus: 'completed' }, {}, []);
          await rollUp(tx, { enrollmentId, learnerId: actor.id, scoId });
        });
        void domainEvents.flush();
        // That save was the attempt's commit: the runtime numbers its own from the next one.
        attempt = { ...attempt, completionStatus: 'completed', commitCount: attempt.commitCount + 1 };
      }
      const family = runtimeFamilyOf(pkg.version ?? '1.2');
      return attemptStart({ attempt, actor, family, sco, stored, mode: 'normal', launch });
    },
  };
}
