import type { ScormOrganizationTree, ScormTreeItem } from '@portal/shared/scorm';
import type { ScormObjective, ScormRollupRule, ScormSequencing } from './scorm-sequencing.ts';

/** What the runtime stored for one SCO: the attempt whose results count (its latest one that reported). */
export type RollupLeafResult = {
  /** Whether the SCO was ever launched. */
  attempted: boolean;
  /** The attempt was left with `suspend` and is still open. */
  suspended: boolean;
  /** The attempt is over (not suspended): the LMS finishes what the content left unreported (SN UP.4). */
  ended: boolean;
  completionStatus: string;
  successStatus: string;
  scoreScaled: number | null;
  progressMeasure: number | null;
  /** `cmi.objectives`: the SCO's other objectives, by identifier. */
  objectives: Array<{ id: string; successStatus: string; scoreScaled: number | null }>;
};

/** Tracking status of one activity after rollup; `null` is unknown. */
export type ActivityStatus = {
  attempted: boolean;
  suspended: boolean;
  completed: boolean | null;
  satisfied: boolean | null;
  measure: number | null;
};

/** A global (shared) objective: its satisfied status and normalized measure, each unknown until written. */
export type GlobalObjective = { satisfied: boolean | null; measure: number | null };

type Activity = {
  id: string;
  sequencing: ScormSequencing;
  children: Activity[];
};

type Action = 'satisfied' | 'notSatisfied' | 'completed' | 'incomplete';
type Tri = boolean | null;

const UNKNOWN_STATUS: ActivityStatus = {
  attempted: false,
  suspended: false,
  completed: null,
  satisfied: null,
  measure: null,
};

/**
 * SCORM 2004 rollup (SN book, Overall Rollup Process RB.1.5) of one organization from what its SCOs reported:
 * measure rollup (objectiveMeasureWeight), objective rollup by measure (satisfiedByMeasure, minNormalizedMeasure)
 * or by rollup rules (childActivitySet all/any/none/atLeastCount/atLeastPercent, conditions with `not`, the default
 * rules when a cluster states none), progress rollup by rules, rollup considerations (rollupObjectiveSatisfied,
 * rollupProgressCompletion, requiredFor...), delivery controls (tracked, completion and objective set by content)
 * and objectives mapped to global objectives (read and write satisfied status and normalized measure).
 * Clusters written later may feed globals that earlier activities read, so the tree is evaluated until the globals
 * settle.
 */
export function rollupOrganization({
  organization,
  results,
  completionThresholds = new Map(),
}: {
  organization: Pick<ScormOrganizationTree, 'id' | 'sequencing' | 'items'>;
  results: ReadonlyMap<string, RollupLeafResult>;
  completionThresholds?: ReadonlyMap<string, { completedByMeasure: boolean; minProgressMeasure: number } | null>;
}): { root: ActivityStatus; activities: Map<string, ActivityStatus>; globals: Map<string, GlobalObjective> } {
  const toActivity = (item: ScormTreeItem): Activity => ({
    id: item.item_id,
    sequencing: (item.sequencing ?? {}) as ScormSequencing,
    children: item.children.map(toActivity),
  });
  const root: Activity = {
    id: organization.id,
    sequencing: (organization.sequencing ?? {}) as ScormSequencing,
    children: organization.items.map(toActivity),
  };
  const globals = new Map<string, GlobalObjective>();
  let activities = new Map<string, ActivityStatus>();
  for (let pass = 0; pass < 4; pass += 1) {
    const before = JSON.stringify([...globals]);
    activities = new Map();
    evaluate(root, { results, completionThresholds, globals, activities });
    if (JSON.stringify([...globals]) === before && pass > 0) break;
  }
  return { root: activities.get(root.id) ?? UNKNOWN_STATUS, activities, globals };
}

type Context = {
  results: ReadonlyMap<string, RollupLeafResult>;
  completionThresholds: ReadonlyMap<string, { completedByMeasure: boolean; minProgressMeasure: number } | null>;
  globals: Map<string, GlobalObjective>;
  activities: Map<string, ActivityStatus>;
};

function evaluate(activity: Activity, context: Context): ActivityStatus {
  const status = activity.children.length > 0 ? evaluateCluster(activity, context) : evaluateLeaf(activity, context);
  const primary = activity.sequencing.objectives?.primary;
  const resolved = readGlobals(primary, status, context.globals);
  writeGlobals(primary, resolved.satisfied, resolved.measure, context.globals);
  context.activities.set(activity.id, resolved);
  return resolved;
}

function evaluateLeaf(activity: Activity, context: Context): ActivityStatus {
  const result = context.results.get(activity.id);
  if (!result?.attempted) return { ...UNKNOWN_STATUS };
  const delivery = activity.sequencing.deliveryControls ?? {};
  const tracked = delivery.tracked !== false;
  let completed: Tri =
    result.completionStatus === 'completed' ? true : result.completionStatus === 'incomplete' ? false : null;
  let satisfied: Tri = result.successStatus === 'passed' ? true : result.successStatus === 'failed' ? false : null;
  const threshold = context.completionThresholds.get(activity.id);
  if (threshold?.completedByMeasure && result.progressMeasure !== null) {
    completed = result.progressMeasure >= threshold.minProgressMeasure;
  }
  // SN UP.4 End Attempt Process: what content that does not set it left unknown is completed and satisfied.
  if (tracked && result.ended && !result.suspended) {
    if (delivery.completionSetByContent !== true && completed === null) completed = true;
    if (delivery.objectiveSetByContent !== true && satisfied === null) satisfied = true;
  }
  const measure = result.scoreScaled;
  const primary = activity.sequencing.objectives?.primary;
  if (primary?.satisfiedByMeasure && measure !== null) satisfied = measure >= (primary.minNormalizedMeasure ?? 1);
  // The SCO's other objectives feed the globals they write to.
  for (const objective of activity.sequencing.objectives?.objectives ?? []) {
    const reported = result.objectives.find((entry) => entry.id === objective.objectiveID);
    if (!reported) continue;
    let objectiveSatisfied: Tri =
      reported.successStatus === 'passed' ? true : reported.successStatus === 'failed' ? false : null;
    if (objective.satisfiedByMeasure && reported.scoreScaled !== null) {
      objectiveSatisfied = reported.scoreScaled >= (objective.minNormalizedMeasure ?? 1);
    }
    writeGlobals(objective, objectiveSatisfied, reported.scoreScaled, context.globals);
  }
  return { attempted: true, suspended: result.suspended, completed, satisfied, measure };
}

function evaluateCluster(activity: Activity, context: Context): ActivityStatus {
  const children = activity.children.map((child) => ({ child, status: evaluate(child, context) }));
  const attempted = children.some(({ status }) => status.attempted);
  const suspended = children.some(({ status }) => status.suspended);

  // RB.1.1 Measure Rollup: the weighted mean of the tracked children's measures.
  let counted = 0;
  let weighted = 0;
  let valid = false;
  for (const { child, status } of children) {
    if (child.sequencing.deliveryControls?.tracked === false) continue;
    const weight = child.sequencing.rollupRules?.objectiveMeasureWeight ?? 1;
    counted += weight;
    if (status.measure !== null) {
      valid = true;
      weighted += status.measure * weight;
    }
  }
  const measure = valid && counted > 0 ? weighted / counted : null;

  // RB.1.2 Objective Rollup: by measure when the primary objective says so, else by rules.
  const primary = activity.sequencing.objectives?.primary;
  let satisfied: Tri = null;
  if (primary?.satisfiedByMeasure) {
    satisfied = measure === null ? null : measure >= (primary.minNormalizedMeasure ?? 1);
  } else {
    if (applies(activity, children, 'notSatisfied')) satisfied = false;
    if (applies(activity, children, 'satisfied')) satisfied = true;
  }
  // RB.1.3 Activity Progress Rollup by rules.
  let completed: Tri = null;
  if (applies(activity, children, 'incomplete')) completed = false;
  if (applies(activity, children, 'completed')) completed = true;
  return { attempted, suspended, completed, satisfied, measure };
}

/** The default rules of the SN book for an action a cluster states no rule for. */
const DEFAULT_RULES: Record<Action, ScormRollupRule> = {
  satisfied: { childActivitySet: 'all', conditions: [{ condition: 'satisfied' }], action: 'satisfied' },
  notSatisfied: {
    childActivitySet: 'all',
    conditions: [{ condition: 'objectiveStatusKnown' }],
    action: 'notSatisfied',
  },
  completed: { childActivitySet: 'all', conditions: [{ condition: 'completed' }], action: 'completed' },
  incomplete: {
    childActivitySet: 'all',
    conditions: [{ condition: 'activityProgressKnown' }],
    action: 'incomplete',
  },
};

/** RB.1.4 Rollup Rule Check: whether any rule with this action holds over the contributing children. */
function applies(
  activity: Activity,
  children: Array<{ child: Activity; status: ActivityStatus }>,
  action: Action,
): boolean {
  const stated = (activity.sequencing.rollupRules?.rules ?? []).filter((rule) => rule.action === action);
  const rules = stated.length > 0 ? stated : [DEFAULT_RULES[action]];
  return rules.some((rule) => {
    const bag = children
      .filter(({ child, status }) => contributes(child, status, action))
      .map(({ status }) => combine(rule.conditionCombination === 'all' ? 'all' : 'any', rule.conditions, status));
    if (bag.length === 0) return false;
    const trueCount = bag.filter((value) => value === true).length;
    switch (rule.childActivitySet ?? 'all') {
      case 'any':
        return trueCount > 0;
      case 'none':
        return bag.every((value) => value === false);
      case 'atLeastCount':
        return trueCount >= (rule.minimumCount ?? 0);
      case 'atLeastPercent':
        return trueCount / bag.length >= (rule.minimumPercent ?? 0);
      default:
        return trueCount === bag.length;
    }
  });
}

/** RB.1.4.2 Check Child for Rollup: tracked children the rollup controls and considerations let count. */
function contributes(child: Activity, status: ActivityStatus, action: Action): boolean {
  const { deliveryControls, rollupRules, rollupConsiderations } = child.sequencing;
  if (deliveryControls?.tracked === false) return false;
  const objective = action === 'satisfied' || action === 'notSatisfied';
  if (objective ? rollupRules?.rollupObjectiveSatisfied === false : rollupRules?.rollupProgressCompletion === false) {
    return false;
  }
  const required = {
    satisfied: rollupConsiderations?.requiredForSatisfied,
    notSatisfied: rollupConsiderations?.requiredForNotSatisfied,
    completed: rollupConsiderations?.requiredForCompleted,
    incomplete: rollupConsiderations?.requiredForIncomplete,
  }[action];
  if (required === 'ifAttempted') return status.attempted;
  if (required === 'ifNotSuspended') return !(status.attempted && status.suspended);
  // `ifNotSkipped`: the server does not see skipping, which only the sequencing session knows.
  return true;
}

function combine(
  combination: 'all' | 'any',
  conditions: Array<{ condition?: string; operator?: string }>,
  status: ActivityStatus,
): Tri {
  const values = conditions.map(({ condition, operator }) => {
    const value = conditionValue(condition, status);
    return operator === 'not' && value !== null ? !value : value;
  });
  if (values.length === 0) return null;
  if (combination === 'all') {
    if (values.includes(false)) return false;
    return values.includes(null) ? null : true;
  }
  if (values.includes(true)) return true;
  return values.includes(null) ? null : false;
}

function conditionValue(condition: string | undefined, status: ActivityStatus): Tri {
  switch (condition) {
    case 'satisfied':
      return status.satisfied;
    case 'objectiveStatusKnown':
      return status.satisfied !== null;
    case 'objectiveMeasureKnown':
      return status.measure !== null;
    case 'completed':
      return status.completed;
    case 'activityProgressKnown':
      return status.completed !== null;
    case 'attempted':
      return status.attempted;
    case 'always':
      return true;
    // Limits and time ranges are the sequencing session's: on the server they never hold.
    case 'attemptLimitExceeded':
    case 'timeLimitExceeded':
    case 'outsideAvailableTimeRange':
      return false;
    default:
      return null;
  }
}

/** A mapped objective's status reads the global's where the global knows it (read mappings default to true). */
function readGlobals(
  objective: ScormObjective | undefined,
  status: ActivityStatus,
  globals: Map<string, GlobalObjective>,
): ActivityStatus {
  let { satisfied, measure } = status;
  for (const mapInfo of objective?.mapInfo ?? []) {
    const global = mapInfo.targetObjectiveID ? globals.get(mapInfo.targetObjectiveID) : undefined;
    if (!global) continue;
    if (mapInfo.readSatisfiedStatus !== false && global.satisfied !== null) satisfied = global.satisfied;
    if (mapInfo.readNormalizedMeasure !== false && global.measure !== null) {
      measure = global.measure;
      if (objective?.satisfiedByMeasure) satisfied = measure >= (objective.minNormalizedMeasure ?? 1);
    }
  }
  return { ...status, satisfied, measure };
}

function writeGlobals(
  objective: ScormObjective | undefined,
  satisfied: Tri,
  measure: number | null,
  globals: Map<string, GlobalObjective>,
) {
  for (const mapInfo of objective?.mapInfo ?? []) {
    const target = mapInfo.targetObjectiveID;
    if (!target) continue;
    const global = globals.get(target) ?? { satisfied: null, measure: null };
    if (mapInfo.writeSatisfiedStatus && satisfied !== null) global.satisfied = satisfied;
    if (mapInfo.writeNormalizedMeasure && measure !== null) global.measure = measure;
    globals.set(target, global);
  }
}
