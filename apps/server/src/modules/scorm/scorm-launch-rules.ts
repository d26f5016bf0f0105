import type { ScormTreeItem } from '@portal/shared/scorm';
import { lockedScoIds } from '@portal/shared/scorm-prerequisites';
import { AppError } from '../../errors.ts';
import type { ScormPackageRow, ScormRepository, ScormScoRow } from './scorm.repository.ts';
import type { ScormActor, ScormService } from './scorm.service.ts';
import type { ScormAttemptLimitsRepository } from './scorm-attempt-limits.repository.ts';
import { scoProgress } from './scorm-progress.ts';
import { parseIsoDuration, runtimeFamilyOf } from './scorm-runtime.ts';
import type { ScormSharedDataRepository } from './scorm-shared-data.repository.ts';

type Structure = ScormPackageRow['structure'];

/** The tree item of a SCO in the package's stored structure, with its sequencing (collection entries applied). */
function treeItemOf(structure: Structure, sco: Pick<ScormScoRow, 'organizationId' | 'itemId'>): ScormTreeItem | null {
  const find = (items: ScormTreeItem[]): ScormTreeItem | null => {
    for (const item of items) {
      if (item.item_id === sco.itemId) return item;
      const found = find(item.children);
      if (found) return found;
    }
    return null;
  };
  const organization = structure?.organizations.find((entry) => entry.id === sco.organizationId);
  return organization ? find(organization.items) : null;
}

/** IMS SS `limitConditions@attemptLimit` of a SCO's activity; null without one (0 means no limit too). */
export function attemptLimitOf(structure: Structure, sco: Pick<ScormScoRow, 'organizationId' | 'itemId'>) {
  const sequencing = treeItemOf(structure, sco)?.sequencing as { limitConditions?: { attemptLimit?: number } } | null;
  const limit = sequencing?.limitConditions?.attemptLimit;
  return typeof limit === 'number' && limit >= 1 ? Math.floor(limit) : null;
}

/**
 * Refuses a launch the package does not allow: a SCORM 1.2 SCO whose `adlcp:prerequisites` do not hold yet
 * (403 `lesson_locked`, reason `prerequisites`), and a new attempt on a SCORM 2004 activity that has used up its
 * `attemptLimit` (409 `conflict`, reason `attempt_limit`). Resuming an open attempt is never beyond the limit,
 * but an attempt open for longer than its `attemptAbsoluteDurationLimit` is over: it ends, and a new one starts
 * if the attempt limit allows.
 */
async function assertLaunchAllowed(
  { repository, attemptLimits }: Pick<LaunchRulesDeps, 'repository' | 'attemptLimits'>,
  actor: ScormActor,
  enrollmentId: string,
  pkg: ScormPackageRow,
  sco: ScormScoRow,
) {
  if (runtimeFamilyOf(pkg.version ?? '1.2') === '1.2') {
    if (!sco.settings.prerequisites?.trim()) return;
    const organization = pkg.structure?.organizations.find((entry) => entry.id === sco.organizationId);
    if (!organization) return;
    const [scos, attempts] = await Promise.all([
      repository.listScos(pkg.id),
      repository.listOwnAttempts(actor.id, [enrollmentId]),
    ]);
    const inOrganization = scos.filter((entry) => entry.organizationId === organization.id);
    const locked = lockedScoIds(
      organization,
      inOrganization.map((entry) => ({ id: entry.id, item_id: entry.itemId, settings: entry.settings })),
      scoProgress(inOrganization, attempts),
    );
    if (locked.has(sco.id)) {
      throw new AppError('lesson_locked', 'Finish the lessons this one builds on first.', {
        reasons: ['prerequisites'],
      });
    }
    return;
  }
  const limit = attemptLimitOf(pkg.structure, sco);
  const durationLimit = parseIsoDuration(sco.settings.max_time_allowed);
  if (limit === null && durationLimit <= 0) return;
  const latest = await repository.latestOwnAttempt(actor.id, enrollmentId, sco.id);
  let ended = Boolean(latest?.endedAt);
  if (latest && !ended && durationLimit > 0 && (Date.now() - latest.startedAt.getTime()) / 1000 >= durationLimit) {
    await attemptLimits.endOpenAttempt(actor.id, latest.id);
    ended = true;
  }
  if (limit !== null && latest && ended && latest.number >= limit) {
    throw new AppError(
      'conflict',
      `This activity allows ${limit} ${limit === 1 ? 'attempt' : 'attempts'}, and all of them are used.`,
      { reasons: ['attempt_limit', String(limit)] },
    );
  }
}

type LaunchRulesDeps = {
  repository: ScormRepository;
  sharedData: ScormSharedDataRepository;
  attemptLimits: ScormAttemptLimitsRepository;
};

/** The learner's own enrolment's ready package and the SCO launched in it, or null when either is not found. */
async function launchTarget(repository: ScormRepository, actor: ScormActor, enrollmentId: string, scoId: string) {
  const enrollment = await repository.findOwnEnrollment(actor.id, enrollmentId);
  const pkg = enrollment ? await repository.findPackage(enrollment.packageId) : null;
  const sco = pkg?.status === 'ready' ? await repository.findSco(pkg.id, scoId) : null;
  return pkg && sco ? { pkg, sco } : null;
}

/** The shared data stores (`adl.data`) the SCO maps, with the learner's stored value and what the SCO may do. */
async function sharedDataOf(
  sharedData: ScormSharedDataRepository,
  actorId: string,
  packageId: string,
  sco: ScormScoRow,
) {
  const maps = sco.settings.shared_data ?? [];
  const stores = await sharedData.listStores(
    actorId,
    packageId,
    maps.map((map) => map.target_id),
  );
  return maps.map((map) => ({
    id: map.target_id,
    store: stores.get(map.target_id) ?? '',
    readable: map.read,
    writable: map.write,
  }));
}

/**
 * The SCORM service with the package's launch rules (prerequisites, attempt limits) and shared data (`adl.data`):
 * a launch is refused when the rules forbid it and carries the shared data stores the SCO maps; a stored commit
 * keeps the stores the SCO maps as writable. Stores a SCO may only read, or does not map, are ignored: the runtime
 * already answered their SetValue with error 404 (read only), so a commit carrying them is not refused as a whole.
 */
export function withLaunchRules(service: ScormService, deps: LaunchRulesDeps): ScormService {
  const { repository, sharedData } = deps;

  return {
    ...service,

    async startAttempt(actor, enrollmentId, scoId) {
      // Unknown enrolments and SCOs are the service's to refuse, with its own answers.
      const target = await launchTarget(repository, actor, enrollmentId, scoId);
      if (target) await assertLaunchAllowed(deps, actor, enrollmentId, target.pkg, target.sco);
      const start = await service.startAttempt(actor, enrollmentId, scoId);
      if (!target) return start;
      return { ...start, adl_data: await sharedDataOf(sharedData, actor.id, target.pkg.id, target.sco) };
    },

    async commit(actor, attemptId, body) {
      const result = await service.commit(actor, attemptId, body);
      if (!result.result || !body.adl_data?.length) return result;
      const found = await repository.findOwnAttempt(actor.id, attemptId);
      if (!found) return result;
      const writable = new Set(
        (found.sco.settings.shared_data ?? []).filter((map) => map.write).map((map) => map.target_id),
      );
      const latest = new Map(body.adl_data.filter((entry) => writable.has(entry.id)).map((e) => [e.id, e.store]));
      await sharedData.saveStores(
        actor.id,
        found.pkg.id,
        [...latest].map(([targetId, store]) => ({ targetId, store })),
      );
      return result;
    },
  };
}
