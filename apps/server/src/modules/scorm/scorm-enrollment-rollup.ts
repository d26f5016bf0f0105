import type { ScormTreeItem } from '@portal/shared/scorm';
import { applySelectionAndRandomization, selectionSeedsIn } from '@portal/shared/scorm-selection';
import { sequencingSettingsFor } from '@portal/shared/scorm-sequencing';
import type { Db } from '../../db/client.ts';
import type { ScormAttemptRow, ScormPackageRow, ScormScoRow } from './scorm.repository.ts';
import { packageVersionOf, readRollupInputs, sequencingStateOf } from './scorm-rollup.repository.ts';
import { type RollupLeafResult, rollupOrganization } from './scorm-rollup.ts';
import { runtimeFamilyOf } from './scorm-runtime.ts';

type Executor = Pick<Db, 'select'>;
type RollupAttempt = Pick<
  ScormAttemptRow,
  'id' | 'scoId' | 'number' | 'commitCount' | 'completionStatus' | 'successStatus' | 'scoreScaled' | 'exit' | 'endedAt'
>;
type RollupSco = Pick<ScormScoRow, 'id' | 'scormType' | 'organizationId' | 'itemId'>;

const objectOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
const numberOf = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
};

/** The attempt of a SCO whose results count: the latest that reported anything, else the latest opened. */
export function countingAttempt<Attempt extends RollupAttempt>(attempts: Attempt[], scoId: string): Attempt | null {
  const own = attempts.filter((attempt) => attempt.scoId === scoId).sort((a, b) => b.number - a.number);
  return own.find((attempt) => attempt.commitCount > 0) ?? own[0] ?? null;
}

/** What a SCO's counting attempt and its stored cmi tell the rollup. */
export function leafResult(
  sco: Pick<ScormScoRow, 'scormType'>,
  attempt: RollupAttempt | null,
  cmi: Record<string, unknown> | null,
): RollupLeafResult {
  const objectives = Object.entries(objectOf(cmi?.objectives))
    .filter(([position]) => /^\d+$/.test(position))
    .flatMap(([, raw]) => {
      const record = objectOf(raw);
      return typeof record.id === 'string' && record.id !== ''
        ? [
            {
              id: record.id,
              successStatus: String(record.success_status ?? 'unknown'),
              scoreScaled: numberOf(objectOf(record.score).scaled),
            },
          ]
        : [];
    });
  const suspended = attempt?.exit === 'suspend' && !attempt.endedAt;
  return {
    attempted: attempt !== null,
    suspended,
    // An asset has no API: its attempt ends as it is delivered.
    ended: attempt !== null && (attempt.endedAt !== null || sco.scormType === 'asset'),
    completionStatus: attempt?.completionStatus ?? 'not attempted',
    successStatus: attempt?.successStatus ?? 'unknown',
    scoreScaled: attempt?.scoreScaled ?? null,
    progressMeasure: numberOf(cmi?.progress_measure),
    objectives,
  };
}

type SequencedEnrollment = {
  enrollment: { id: string; packageId: string };
  attempts: RollupAttempt[];
  scos: RollupSco[];
  structure: ScormPackageRow['structure'];
};

/**
 * A SCORM 2004 enrolment's completion and satisfaction as the package's rollup (see `rollupOrganization`) gives
 * them for its default organization; null for SCORM 1.2 packages, whose status rolls up without sequencing.
 */
export async function rollUpSequencedEnrollment(
  executor: Executor,
  { enrollment, attempts, scos, structure }: SequencedEnrollment,
): Promise<{ completed: boolean; passed: boolean; score: number | null } | null> {
  const organizationId = structure?.defaultOrganizationId ?? structure?.organizations[0]?.id ?? null;
  const manifestOrganization = structure?.organizations.find((entry) => entry.id === organizationId);
  if (!manifestOrganization) return null;
  const version = await packageVersionOf(executor, enrollment.packageId);
  if (runtimeFamilyOf(version ?? '1.2') !== '2004') return null;
  // Children the learner's current course attempt did not select (randomizationControls) are not part of it.
  const seeds = selectionSeedsIn(await sequencingStateOf(executor, enrollment.id));
  const leftOut = seeds
    ? applySelectionAndRandomization(sequencingSettingsFor(manifestOrganization), seeds).leftOut
    : new Set<string>();
  const selected = (items: ScormTreeItem[]): ScormTreeItem[] =>
    items.filter((item) => !leftOut.has(item.item_id)).map((item) => ({ ...item, children: selected(item.children) }));
  const organization = { ...manifestOrganization, items: selected(manifestOrganization.items) };
  const delivered = scos.filter((sco) => sco.organizationId === organization.id && !leftOut.has(sco.itemId));
  const counting = new Map(delivered.map((sco) => [sco.id, countingAttempt(attempts, sco.id)]));
  const attemptIds = [...counting.values()].flatMap((attempt) => (attempt ? [attempt.id] : []));
  const { completionThresholds, cmiByAttempt } = await readRollupInputs(executor, enrollment.packageId, attemptIds);

  const results = new Map<string, RollupLeafResult>();
  for (const sco of delivered) {
    const attempt = counting.get(sco.id) ?? null;
    results.set(sco.itemId, leafResult(sco, attempt, attempt ? (cmiByAttempt.get(attempt.id) ?? null) : null));
  }
  const { root } = rollupOrganization({
    organization,
    results,
    completionThresholds,
  });
  const scores = [...counting.values()].flatMap((attempt) =>
    attempt?.scoreScaled === null || attempt?.scoreScaled === undefined ? [] : [attempt.scoreScaled],
  );
  const scaled = root.measure ?? (scores.length > 0 ? scores.reduce((a, b) => a + b, 0) / scores.length : null);
  return {
    completed: root.completed === true,
    passed: root.satisfied === true,
    score: scaled === null ? null : Math.round(scaled * 1000) / 10,
  };
}
