import type { ScormAttemptResult, ScormAttemptsSummary, ScormTreeItem } from '@portal/shared/scorm';
import type { ScormAttemptRow, ScormPackageRow, ScormScoRow } from './scorm.repository.ts';
import type { RuntimeFamily } from './scorm-runtime.ts';

type SummarizedAttempt = Pick<
  ScormAttemptRow,
  'number' | 'completionStatus' | 'successStatus' | 'scoreScaled' | 'commitCount' | 'updatedAt'
>;

const percent = (scaled: number | null) => (scaled === null ? null : Math.round(scaled * 1000) / 10);

/** An attempt that reported a status or a score, not only that it was opened. */
const hasResult = (attempt: SummarizedAttempt) =>
  attempt.commitCount > 0 &&
  (!['not attempted', 'unknown'].includes(attempt.completionStatus) ||
    attempt.successStatus !== 'unknown' ||
    attempt.scoreScaled !== null);

/** How many attempts a learner started, their best score and the result of the attempt that reported one last. */
export function summarizeAttempts(attempts: SummarizedAttempt[]): ScormAttemptsSummary {
  const reported = attempts.filter(hasResult);
  const scores = reported.map((attempt) => attempt.scoreScaled).filter((score): score is number => score !== null);
  const latest = reported.reduce<SummarizedAttempt | null>(
    (last, attempt) => (!last || attempt.updatedAt > last.updatedAt ? attempt : last),
    null,
  );
  const best = reported.reduce<SummarizedAttempt | null>(
    (top, attempt) => (!top || betterResult(attempt, top) ? attempt : top),
    null,
  );
  return {
    count: attempts.reduce((most, attempt) => Math.max(most, attempt.number), 0),
    best_score: scores.length > 0 ? percent(Math.max(...scores)) : null,
    best: best && resultOf(best),
    latest: latest && resultOf(latest),
  };
}

const resultOf = (attempt: SummarizedAttempt): ScormAttemptResult => ({
  number: attempt.number,
  completion_status: attempt.completionStatus,
  success_status: attempt.successStatus,
  score: percent(attempt.scoreScaled),
  at: attempt.updatedAt.toISOString(),
});

/** Whether `a` went better than `b`: passed beats not passed, then the higher score, then completed, then newer. */
function betterResult(a: SummarizedAttempt, b: SummarizedAttempt): boolean {
  const rank = (attempt: SummarizedAttempt) => [
    attempt.successStatus === 'passed' ? 1 : 0,
    attempt.scoreScaled ?? Number.NEGATIVE_INFINITY,
    attempt.completionStatus === 'completed' ? 1 : 0,
    attempt.updatedAt.getTime(),
  ];
  const [left, right] = [rank(a), rank(b)];
  const differing = left.findIndex((value, index) => value !== right[index]);
  return differing >= 0 && (left[differing] ?? 0) > (right[differing] ?? 0);
}

/**
 * Whether a terminating commit ends the attempt, so the next launch starts a new one ab initio. Only `suspend`
 * keeps a SCORM 1.2 attempt open (RTE 3.4.4: `""`, `logout` and `time-out` are exits). SCORM 2004 ends it on
 * `normal`, `logout` and `time-out`, and on an unspecified exit once the SCO is completed.
 */
export function attemptEnds(
  family: RuntimeFamily,
  summary: { exit: string | null; completionStatus: string },
): boolean {
  if (summary.exit === 'suspend') return false;
  if (family === '1.2') return true;
  if (summary.exit === 'logout' || summary.exit === 'normal' || summary.exit === 'time-out') return true;
  return summary.completionStatus === 'completed';
}

type RollupSco = Pick<ScormScoRow, 'id' | 'scormType' | 'organizationId' | 'itemId'>;
/** A SCO the package's status rolls up from, and what its manifest lets it count toward. */
export type CountedSco = Pick<ScormScoRow, 'id' | 'scormType'> & { forCompletion: boolean; forSatisfaction: boolean };

const recordOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/**
 * The SCOs a package's status rolls up from: those of the organization the player delivers (the default one),
 * each marked with whether it counts toward completion and satisfaction (SCORM 2004 `deliveryControls tracked`,
 * `rollupRules rollupProgressCompletion` and `rollupObjectiveSatisfied`; everything counts in SCORM 1.2).
 */
export function rollupScos(scos: RollupSco[], structure: ScormPackageRow['structure']): CountedSco[] {
  const organizationId = structure?.defaultOrganizationId ?? structure?.organizations[0]?.id ?? null;
  const sequencing = new Map<string, Record<string, unknown>>();
  const visit = (item: ScormTreeItem) => {
    sequencing.set(item.item_id, recordOf(item.sequencing));
    item.children.forEach(visit);
  };
  structure?.organizations.find((organization) => organization.id === organizationId)?.items.forEach(visit);
  const delivered = scos.filter((sco) => sco.organizationId === organizationId);
  return (delivered.length > 0 ? delivered : scos).map((sco) => {
    const rules = sequencing.get(sco.itemId) ?? {};
    const tracked = recordOf(rules.deliveryControls).tracked !== false;
    const rollup = recordOf(rules.rollupRules);
    return {
      id: sco.id,
      scormType: sco.scormType,
      forCompletion: tracked && rollup.rollupProgressCompletion !== false,
      forSatisfaction: tracked && rollup.rollupObjectiveSatisfied !== false,
    };
  });
}
