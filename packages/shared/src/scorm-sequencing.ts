import { z } from 'zod';
import type { ScormOrganizationTree, ScormSco, ScormTreeItem } from './scorm.ts';

/**
 * The activity tree the SCORM 2004 sequencing engine (scorm-again's `SequencingSettings.activityTree`) is built
 * from: one activity per organization and item, ids being the manifest identifiers, with the IMS Simple Sequencing
 * and ADL data of the manifest in the engine's words. Values the manifest leaves out are left to the engine's
 * defaults, which are those of IMS SS except flow (set false on clusters here).
 */
export type ScormEngineActivity = {
  id: string;
  title: string;
  isVisible: boolean;
  children?: ScormEngineActivity[];
  sequencingControls?: Record<string, boolean | number | string>;
  deliveryControls?: { tracked?: boolean; completionSetByContent?: boolean; objectiveSetByContent?: boolean };
  sequencingRules?: {
    preConditionRules: ScormEngineRule[];
    exitConditionRules: ScormEngineRule[];
    postConditionRules: ScormEngineRule[];
  };
  rollupRules?: { rules: ScormEngineRollupRule[] };
  rollupConsiderations?: Record<string, boolean | string>;
  primaryObjective?: ScormEngineObjective;
  objectives?: ScormEngineObjective[];
  attemptLimit?: number;
  attemptAbsoluteDurationLimit?: string;
  activityAbsoluteDurationLimit?: string;
  beginTimeLimit?: string;
  endTimeLimit?: string;
  completionThreshold?: { completedByMeasure: boolean; minProgressMeasure: number; progressWeight: number };
  hideLmsUi?: ScormHideLmsUi[];
};
export type ScormEngineRule = {
  action: string;
  conditionCombination: 'all' | 'any';
  conditions: Array<{
    condition: string;
    operator?: 'not' | 'noOp';
    referencedObjective?: string;
    parameters?: { threshold: number };
  }>;
};
export type ScormEngineRollupRule = {
  action: string;
  consideration: string;
  minimumCount?: number;
  /** 0-100 in the engine, 0-1 in the manifest. */
  minimumPercent?: number;
  conditionCombination: 'all' | 'any';
  conditions: Array<{ condition: string; operator?: 'not' | 'noOp' }>;
};
export type ScormEngineObjective = {
  objectiveID: string;
  satisfiedByMeasure?: boolean;
  minNormalizedMeasure?: number;
  mapInfo: Array<Record<string, string | boolean>>;
};
export type ScormEngineSequencing = { activityTree: ScormEngineActivity };

export const SCORM_HIDE_LMS_UI = [
  'continue',
  'previous',
  'exit',
  'exitAll',
  'abandon',
  'abandonAll',
  'suspendAll',
] as const;
export type ScormHideLmsUi = (typeof SCORM_HIDE_LMS_UI)[number];

/** The manifest's `imsss:sequencing` as the server's parser keeps it in the organization tree. */
type ManifestRule = {
  conditionCombination?: string;
  conditions?: Array<{
    condition?: string;
    operator?: string;
    referencedObjective?: string;
    measureThreshold?: number;
  }>;
  action?: string;
};
type ManifestRollupRule = {
  childActivitySet?: string;
  minimumCount?: number;
  minimumPercent?: number;
  conditionCombination?: string;
  conditions?: Array<{ condition?: string; operator?: string }>;
  action?: string;
};
type ManifestObjective = {
  objectiveID?: string;
  satisfiedByMeasure?: boolean;
  minNormalizedMeasure?: number;
  mapInfo?: Array<Record<string, string | boolean>>;
};
type ManifestSequencing = {
  controlMode?: Record<string, boolean>;
  sequencingRules?: {
    preConditionRules?: ManifestRule[];
    exitConditionRules?: ManifestRule[];
    postConditionRules?: ManifestRule[];
  };
  limitConditions?: {
    attemptLimit?: number;
    attemptAbsoluteDurationLimit?: string;
    activityAbsoluteDurationLimit?: string;
    beginTimeLimit?: string;
    endTimeLimit?: string;
  };
  rollupRules?: {
    rollupObjectiveSatisfied?: boolean;
    rollupProgressCompletion?: boolean;
    objectiveMeasureWeight?: number;
    rules?: ManifestRollupRule[];
  };
  objectives?: { primary?: ManifestObjective; objectives?: ManifestObjective[] };
  randomizationControls?: {
    randomizationTiming?: string;
    selectCount?: number;
    reorderChildren?: boolean;
    selectionTiming?: string;
  };
  deliveryControls?: { tracked?: boolean; completionSetByContent?: boolean; objectiveSetByContent?: boolean };
  constrainedChoiceConsiderations?: { preventActivation?: boolean; constrainChoice?: boolean };
  rollupConsiderations?: Record<string, boolean | string>;
  adlObjectives?: Array<{ objectiveID?: string; mapInfo?: Array<Record<string, string | boolean>> }>;
};

const defined = <Value extends Record<string, unknown>>(value: Value): Partial<Value> =>
  Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined && entry !== null),
  ) as Partial<Value>;

const operatorOf = (operator: string | undefined) => (operator === 'not' ? 'not' : undefined);

function convertRule(rule: ManifestRule): ScormEngineRule | null {
  const conditions = (rule.conditions ?? []).flatMap((condition) =>
    condition.condition
      ? [
          defined({
            condition: condition.condition,
            operator: operatorOf(condition.operator),
            referencedObjective: condition.referencedObjective,
            parameters:
              condition.measureThreshold !== undefined ? { threshold: condition.measureThreshold } : undefined,
          }) as ScormEngineRule['conditions'][number],
        ]
      : [],
  );
  if (!rule.action || conditions.length === 0) return null;
  return {
    action: rule.action,
    conditionCombination: rule.conditionCombination === 'any' ? 'any' : 'all',
    conditions,
  };
}

function convertRollupRule(rule: ManifestRollupRule): ScormEngineRollupRule | null {
  const conditions = (rule.conditions ?? []).flatMap((condition) =>
    condition.condition
      ? [
          defined({
            condition: condition.condition,
            operator: operatorOf(condition.operator),
          }) as ScormEngineRollupRule['conditions'][number],
        ]
      : [],
  );
  if (!rule.action || conditions.length === 0) return null;
  return {
    action: rule.action,
    consideration: rule.childActivitySet ?? 'all',
    ...defined({
      minimumCount: rule.minimumCount,
      minimumPercent: rule.minimumPercent === undefined ? undefined : rule.minimumPercent * 100,
    }),
    // IMS SS: rollup conditions combine with "any" unless the manifest says otherwise.
    conditionCombination: rule.conditionCombination === 'all' ? 'all' : 'any',
    conditions,
  };
}

function convertObjective(
  objective: ManifestObjective,
  fallbackId: string | null,
  adlObjectives: ManifestSequencing['adlObjectives'],
): ScormEngineObjective | null {
  const objectiveID = objective.objectiveID ?? fallbackId;
  if (!objectiveID) return null;
  const extended = (adlObjectives ?? [])
    .filter((entry) => entry.objectiveID !== undefined && entry.objectiveID === objective.objectiveID)
    .flatMap((entry) => entry.mapInfo ?? []);
  return {
    objectiveID,
    ...defined({
      satisfiedByMeasure: objective.satisfiedByMeasure,
      minNormalizedMeasure: objective.minNormalizedMeasure,
    }),
    mapInfo: [...(objective.mapInfo ?? []), ...extended].filter(
      (mapInfo) => typeof mapInfo.targetObjectiveID === 'string',
    ),
  };
}

function activityFrom({
  id,
  title,
  isVisible,
  sequencing: raw,
  hideLmsUi,
  completionThreshold,
  children,
}: {
  id: string;
  title: string;
  isVisible: boolean;
  sequencing: Record<string, unknown> | null;
  hideLmsUi: string[];
  completionThreshold: ScormEngineActivity['completionThreshold'] | null;
  children: ScormEngineActivity[] | null;
}): ScormEngineActivity {
  const sequencing = (raw ?? {}) as ManifestSequencing;
  const activity: ScormEngineActivity = { id, title, isVisible };
  if (children) activity.children = children;

  const randomization = sequencing.randomizationControls;
  const controls = defined({
    // IMS SS: a cluster does not flow unless its control mode says so; the engine's own default is to flow.
    ...(children ? { flow: false } : {}),
    ...sequencing.controlMode,
    rollupObjectiveSatisfied: sequencing.rollupRules?.rollupObjectiveSatisfied,
    rollupProgressCompletion: sequencing.rollupRules?.rollupProgressCompletion,
    objectiveMeasureWeight: sequencing.rollupRules?.objectiveMeasureWeight,
    selectCount: randomization?.selectCount,
    selectionTiming: randomization?.selectionTiming,
    randomizeChildren: randomization?.reorderChildren,
    randomizationTiming: randomization?.randomizationTiming,
    preventActivation: sequencing.constrainedChoiceConsiderations?.preventActivation,
    constrainChoice: sequencing.constrainedChoiceConsiderations?.constrainChoice,
  }) as Record<string, boolean | number | string>;
  if (Object.keys(controls).length > 0) activity.sequencingControls = controls;
  if (sequencing.deliveryControls) activity.deliveryControls = defined(sequencing.deliveryControls);

  const rules = sequencing.sequencingRules;
  if (rules) {
    const convert = (list: ManifestRule[] | undefined) =>
      (list ?? []).map(convertRule).filter((rule): rule is ScormEngineRule => rule !== null);
    activity.sequencingRules = {
      preConditionRules: convert(rules.preConditionRules),
      exitConditionRules: convert(rules.exitConditionRules),
      postConditionRules: convert(rules.postConditionRules),
    };
  }
  const rollupRules = (sequencing.rollupRules?.rules ?? [])
    .map(convertRollupRule)
    .filter((rule): rule is ScormEngineRollupRule => rule !== null);
  if (rollupRules.length > 0) activity.rollupRules = { rules: rollupRules };
  if (sequencing.rollupConsiderations) {
    activity.rollupConsiderations = defined(sequencing.rollupConsiderations) as Record<string, boolean | string>;
  }

  const primary = sequencing.objectives?.primary;
  // A primary objective without an ID still carries a passing measure or global mappings the engine must know.
  const primaryMatters =
    primary &&
    (primary.objectiveID ||
      primary.satisfiedByMeasure !== undefined ||
      primary.minNormalizedMeasure !== undefined ||
      (primary.mapInfo ?? []).length > 0);
  if (primary && primaryMatters) {
    const converted = convertObjective(primary, `${id}.primary`, sequencing.adlObjectives);
    if (converted) activity.primaryObjective = converted;
  }
  const objectives = (sequencing.objectives?.objectives ?? [])
    .map((objective) => convertObjective(objective, null, sequencing.adlObjectives))
    .filter((objective): objective is ScormEngineObjective => objective !== null);
  if (objectives.length > 0) activity.objectives = objectives;

  const limits = sequencing.limitConditions;
  if (limits) {
    Object.assign(
      activity,
      defined({
        // IMS SS: an attempt limit of 0 means no limit.
        attemptLimit: limits.attemptLimit && limits.attemptLimit > 0 ? Math.floor(limits.attemptLimit) : undefined,
        attemptAbsoluteDurationLimit: limits.attemptAbsoluteDurationLimit,
        activityAbsoluteDurationLimit: limits.activityAbsoluteDurationLimit,
        beginTimeLimit: limits.beginTimeLimit,
        endTimeLimit: limits.endTimeLimit,
      }),
    );
  }
  if (completionThreshold) activity.completionThreshold = completionThreshold;
  const hidden = hideLmsUi.filter((token): token is ScormHideLmsUi =>
    (SCORM_HIDE_LMS_UI as readonly string[]).includes(token),
  );
  if (hidden.length > 0) activity.hideLmsUi = [...new Set(hidden)];
  return activity;
}

/**
 * The sequencing engine's settings for one organization of a SCORM 2004 package: its activity tree with the
 * manifest's control modes, sequencing rules (pre, exit, post), limit conditions, rollup rules and considerations,
 * objectives with their global (shared) mappings, selection and randomization, delivery controls and hidden LMS
 * controls. Shared `sequencingCollection` entries are already applied by the server.
 */
export function sequencingSettingsFor(
  organization: ScormOrganizationTree,
  scos: ReadonlyArray<Pick<ScormSco, 'item_id' | 'settings'>> = [],
): ScormEngineSequencing {
  const scoByItem = new Map(scos.map((sco) => [sco.item_id, sco]));
  const convertItem = (item: ScormTreeItem): ScormEngineActivity =>
    activityFrom({
      id: item.item_id,
      title: item.title,
      isVisible: item.is_visible,
      sequencing: item.sequencing,
      hideLmsUi: item.hide_lms_ui,
      completionThreshold: scoByItem.get(item.item_id)?.settings.completion_threshold ?? null,
      children: item.children.length > 0 ? item.children.map(convertItem) : null,
    });
  return {
    activityTree: activityFrom({
      id: organization.id,
      title: organization.title,
      isVisible: true,
      sequencing: organization.sequencing,
      hideLmsUi: [],
      completionThreshold: null,
      children: organization.items.map(convertItem),
    }),
  };
}

/**
 * Largest serialized sequencing state (activity tree state and global objectives) the server keeps per enrolment.
 * The engine writes about 7,500 characters per activity with a mapped objective, so this holds some 500 activities.
 */
export const SCORM_SEQUENCING_STATE_MAX_CHARS = 4_000_000;

/**
 * PUT /api/scorm/launch/:enrollmentId/sequencing-state: the engine's serialized state, as it wrote it, the revision
 * it was built on, and the browser tab saving it. A state built on an older revision is refused (the course moved on
 * in another window), unless that newer revision came from the same tab (the page before a reload).
 */
export const scormSequencingStateBodySchema = z
  .object({
    revision: z.number().int().min(0),
    window: z
      .string()
      .min(8)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/),
    state: z
      .string()
      .min(2)
      .max(SCORM_SEQUENCING_STATE_MAX_CHARS)
      .refine((value) => {
        try {
          const parsed: unknown = JSON.parse(value);
          return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
        } catch {
          return false;
        }
      }, 'The sequencing state must be a JSON object'),
  })
  .strict();
export type ScormSequencingStateBody = z.infer<typeof scormSequencingStateBodySchema>;

/** GET and PUT answer: the stored state, null before the first save; each save adds one to the revision. */
export const scormSequencingStateSchema = z.object({
  state: z.string().nullable(),
  revision: z.number().int(),
  updated_at: z.string().nullable(),
});
export type ScormSequencingState = z.infer<typeof scormSequencingStateSchema>;
