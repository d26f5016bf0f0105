import { attributeOf, childOf, childrenOf, type Vocabulary, type XmlElement } from './scorm-xml.ts';

type AttributeKind = 'boolean' | 'number' | 'string';
type AttributeValue<Kind extends AttributeKind> = Kind extends 'boolean'
  ? boolean
  : Kind extends 'number'
    ? number
    : string;
type AttributesOf<Spec extends Record<string, AttributeKind>> = {
  -readonly [Name in keyof Spec]?: AttributeValue<Spec[Name]>;
};

const CONTROL_MODE = {
  choice: 'boolean',
  choiceExit: 'boolean',
  flow: 'boolean',
  forwardOnly: 'boolean',
  useCurrentAttemptObjectiveInfo: 'boolean',
  useCurrentAttemptProgressInfo: 'boolean',
} as const;
const RULE_CONDITION = {
  condition: 'string',
  operator: 'string',
  referencedObjective: 'string',
  measureThreshold: 'number',
} as const;
const LIMIT_CONDITIONS = {
  attemptLimit: 'number',
  attemptAbsoluteDurationLimit: 'string',
  attemptExperiencedDurationLimit: 'string',
  activityAbsoluteDurationLimit: 'string',
  activityExperiencedDurationLimit: 'string',
  beginTimeLimit: 'string',
  endTimeLimit: 'string',
} as const;
const ROLLUP_RULES = {
  rollupObjectiveSatisfied: 'boolean',
  rollupProgressCompletion: 'boolean',
  objectiveMeasureWeight: 'number',
} as const;
const ROLLUP_RULE = { childActivitySet: 'string', minimumCount: 'number', minimumPercent: 'number' } as const;
const ROLLUP_CONDITION = { condition: 'string', operator: 'string' } as const;
const OBJECTIVE = { objectiveID: 'string', satisfiedByMeasure: 'boolean' } as const;
const MAP_INFO = {
  targetObjectiveID: 'string',
  readSatisfiedStatus: 'boolean',
  readNormalizedMeasure: 'boolean',
  writeSatisfiedStatus: 'boolean',
  writeNormalizedMeasure: 'boolean',
} as const;
const RANDOMIZATION_CONTROLS = {
  randomizationTiming: 'string',
  selectCount: 'number',
  reorderChildren: 'boolean',
  selectionTiming: 'string',
} as const;
const DELIVERY_CONTROLS = {
  tracked: 'boolean',
  completionSetByContent: 'boolean',
  objectiveSetByContent: 'boolean',
} as const;
const CONSTRAINED_CHOICE = { preventActivation: 'boolean', constrainChoice: 'boolean' } as const;
const ROLLUP_CONSIDERATIONS = {
  requiredForSatisfied: 'string',
  requiredForNotSatisfied: 'string',
  requiredForCompleted: 'string',
  requiredForIncomplete: 'string',
  measureSatisfactionIfActive: 'boolean',
} as const;
const ADL_MAP_INFO = {
  targetObjectiveID: 'string',
  readRawScore: 'boolean',
  readMinScore: 'boolean',
  readMaxScore: 'boolean',
  readCompletionStatus: 'boolean',
  readProgressMeasure: 'boolean',
  writeRawScore: 'boolean',
  writeMinScore: 'boolean',
  writeMaxScore: 'boolean',
  writeCompletionStatus: 'boolean',
  writeProgressMeasure: 'boolean',
} as const;

export type ScormControlMode = AttributesOf<typeof CONTROL_MODE>;
export type ScormRuleCondition = AttributesOf<typeof RULE_CONDITION>;
export interface ScormSequencingRule {
  conditionCombination?: string;
  conditions: ScormRuleCondition[];
  action?: string;
}
export interface ScormSequencingRules {
  preConditionRules: ScormSequencingRule[];
  exitConditionRules: ScormSequencingRule[];
  postConditionRules: ScormSequencingRule[];
}
export type ScormLimitConditions = AttributesOf<typeof LIMIT_CONDITIONS>;
export type ScormRollupCondition = AttributesOf<typeof ROLLUP_CONDITION>;
export type ScormRollupRule = AttributesOf<typeof ROLLUP_RULE> & {
  conditionCombination?: string;
  conditions: ScormRollupCondition[];
  action?: string;
};
export type ScormRollupRules = AttributesOf<typeof ROLLUP_RULES> & { rules: ScormRollupRule[] };
export type ScormObjectiveMapInfo = AttributesOf<typeof MAP_INFO>;
export type ScormObjective = AttributesOf<typeof OBJECTIVE> & {
  minNormalizedMeasure?: number;
  mapInfo: ScormObjectiveMapInfo[];
};
export interface ScormObjectives {
  primary?: ScormObjective;
  objectives: ScormObjective[];
}
export type ScormRandomizationControls = AttributesOf<typeof RANDOMIZATION_CONTROLS>;
export type ScormDeliveryControls = AttributesOf<typeof DELIVERY_CONTROLS>;
export type ScormConstrainedChoiceConsiderations = AttributesOf<typeof CONSTRAINED_CHOICE>;
export type ScormRollupConsiderations = AttributesOf<typeof ROLLUP_CONSIDERATIONS>;
export type ScormAdlObjectiveMapInfo = AttributesOf<typeof ADL_MAP_INFO>;
export interface ScormAdlObjective {
  objectiveID?: string;
  mapInfo: ScormAdlObjectiveMapInfo[];
}

/**
 * An `imsss:sequencing` element as written (IMS Simple Sequencing plus the ADL extensions), for the runtime's
 * sequencer. Only what the manifest states is present; defaults are the sequencer's business.
 */
export interface ScormSequencing {
  /** Set on entries of the manifest's `sequencingCollection`. */
  id?: string;
  /** Names the `sequencingCollection` entry this sequencing builds on; see `resolveSequencing`. */
  idRef?: string;
  controlMode?: ScormControlMode;
  sequencingRules?: ScormSequencingRules;
  limitConditions?: ScormLimitConditions;
  rollupRules?: ScormRollupRules;
  objectives?: ScormObjectives;
  randomizationControls?: ScormRandomizationControls;
  deliveryControls?: ScormDeliveryControls;
  constrainedChoiceConsiderations?: ScormConstrainedChoiceConsiderations;
  rollupConsiderations?: ScormRollupConsiderations;
  /** `adlseq:objectives` (SCORM 2004 4th edition): extra global objective mappings. */
  adlObjectives?: ScormAdlObjective[];
}

/** Reads one `imsss:sequencing` element. */
export function parseSequencing(element: XmlElement): ScormSequencing {
  const sequencing: ScormSequencing = {};
  const id = attributeOf(element, 'ID');
  const idRef = attributeOf(element, 'IDRef');
  if (id) sequencing.id = id;
  if (idRef) sequencing.idRef = idRef;

  const part = (vocabulary: Vocabulary, name: string) => childOf(element, vocabulary, name);
  const controlMode = part('imsss', 'controlMode');
  if (controlMode) sequencing.controlMode = readAttributes(controlMode, CONTROL_MODE);
  const rules = part('imsss', 'sequencingRules');
  if (rules) sequencing.sequencingRules = parseSequencingRules(rules);
  const limitConditions = part('imsss', 'limitConditions');
  if (limitConditions) sequencing.limitConditions = readAttributes(limitConditions, LIMIT_CONDITIONS);
  const rollupRules = part('imsss', 'rollupRules');
  if (rollupRules) sequencing.rollupRules = parseRollupRules(rollupRules);
  const objectives = part('imsss', 'objectives');
  if (objectives) sequencing.objectives = parseObjectives(objectives);
  const randomization = part('imsss', 'randomizationControls');
  if (randomization) sequencing.randomizationControls = readAttributes(randomization, RANDOMIZATION_CONTROLS);
  const delivery = part('imsss', 'deliveryControls');
  if (delivery) sequencing.deliveryControls = readAttributes(delivery, DELIVERY_CONTROLS);
  const constrainedChoice = part('adlseq', 'constrainedChoiceConsiderations');
  if (constrainedChoice) {
    sequencing.constrainedChoiceConsiderations = readAttributes(constrainedChoice, CONSTRAINED_CHOICE);
  }
  const rollupConsiderations = part('adlseq', 'rollupConsiderations');
  if (rollupConsiderations) {
    sequencing.rollupConsiderations = readAttributes(rollupConsiderations, ROLLUP_CONSIDERATIONS);
  }
  const adlObjectives = part('adlseq', 'objectives');
  if (adlObjectives) sequencing.adlObjectives = parseAdlObjectives(adlObjectives);
  return sequencing;
}

function parseSequencingRules(rules: XmlElement): ScormSequencingRules {
  return {
    preConditionRules: childrenOf(rules, 'imsss', 'preConditionRule').map(parseSequencingRule),
    exitConditionRules: childrenOf(rules, 'imsss', 'exitConditionRule').map(parseSequencingRule),
    postConditionRules: childrenOf(rules, 'imsss', 'postConditionRule').map(parseSequencingRule),
  };
}

function parseRollupRules(rollupRules: XmlElement): ScormRollupRules {
  return {
    ...readAttributes(rollupRules, ROLLUP_RULES),
    rules: childrenOf(rollupRules, 'imsss', 'rollupRule').map(parseRollupRule),
  };
}

function parseObjectives(objectives: XmlElement): ScormObjectives {
  const primary = childOf(objectives, 'imsss', 'primaryObjective');
  return {
    ...(primary ? { primary: parseObjective(primary) } : {}),
    objectives: childrenOf(objectives, 'imsss', 'objective').map(parseObjective),
  };
}

function parseAdlObjectives(adlObjectives: XmlElement): ScormAdlObjective[] {
  return childrenOf(adlObjectives, 'adlseq', 'objective').map((objective) => ({
    ...readAttributes(objective, { objectiveID: 'string' } as const),
    mapInfo: childrenOf(objective, 'adlseq', 'mapInfo').map((mapInfo) => readAttributes(mapInfo, ADL_MAP_INFO)),
  }));
}

/**
 * The sequencing that applies to an activity: the `sequencingCollection` entry named by `idRef` with what the
 * item states itself taking precedence, part by part. Rules merge per kind (pre, exit, post) and objectives per
 * primary and other objectives, so an item can add a post-condition rule and keep the shared pre-condition ones.
 */
export function resolveSequencing(
  sequencing: ScormSequencing | null,
  collection: readonly ScormSequencing[],
): ScormSequencing | null {
  if (!sequencing?.idRef) return sequencing;
  const shared = collection.find((entry) => entry.id === sequencing.idRef);
  if (!shared) return sequencing;
  const { id: _sharedId, ...sharedParts } = shared;
  const resolved: ScormSequencing = { ...sharedParts, ...sequencing };
  const rules = mergeRules(shared.sequencingRules, sequencing.sequencingRules);
  if (rules) resolved.sequencingRules = rules;
  const objectives = mergeObjectives(shared.objectives, sequencing.objectives);
  if (objectives) resolved.objectives = objectives;
  return resolved;
}

function mergeRules(
  shared: ScormSequencingRules | undefined,
  own: ScormSequencingRules | undefined,
): ScormSequencingRules | undefined {
  if (!shared || !own) return own ?? shared;
  const pick = (kind: keyof ScormSequencingRules) => (own[kind].length > 0 ? own[kind] : shared[kind]);
  return {
    preConditionRules: pick('preConditionRules'),
    exitConditionRules: pick('exitConditionRules'),
    postConditionRules: pick('postConditionRules'),
  };
}

function mergeObjectives(
  shared: ScormObjectives | undefined,
  own: ScormObjectives | undefined,
): ScormObjectives | undefined {
  if (!shared || !own) return own ?? shared;
  const primary = own.primary ?? shared.primary;
  return {
    ...(primary ? { primary } : {}),
    objectives: own.objectives.length > 0 ? own.objectives : shared.objectives,
  };
}

function parseSequencingRule(rule: XmlElement): ScormSequencingRule {
  const conditions = childOf(rule, 'imsss', 'ruleConditions');
  const conditionCombination = attributeOf(conditions, 'conditionCombination');
  const action = attributeOf(childOf(rule, 'imsss', 'ruleAction'), 'action');
  return {
    ...(conditionCombination ? { conditionCombination } : {}),
    conditions: childrenOf(conditions, 'imsss', 'ruleCondition').map((condition) =>
      readAttributes(condition, RULE_CONDITION),
    ),
    ...(action ? { action } : {}),
  };
}

function parseRollupRule(rule: XmlElement): ScormRollupRule {
  const conditions = childOf(rule, 'imsss', 'rollupConditions');
  const conditionCombination = attributeOf(conditions, 'conditionCombination');
  const action = attributeOf(childOf(rule, 'imsss', 'rollupAction'), 'action');
  return {
    ...readAttributes(rule, ROLLUP_RULE),
    ...(conditionCombination ? { conditionCombination } : {}),
    conditions: childrenOf(conditions, 'imsss', 'rollupCondition').map((condition) =>
      readAttributes(condition, ROLLUP_CONDITION),
    ),
    ...(action ? { action } : {}),
  };
}

function parseObjective(objective: XmlElement): ScormObjective {
  const measure = parseDecimal(childOf(objective, 'imsss', 'minNormalizedMeasure')?.text ?? null);
  return {
    ...readAttributes(objective, OBJECTIVE),
    ...(measure !== null ? { minNormalizedMeasure: measure } : {}),
    mapInfo: childrenOf(objective, 'imsss', 'mapInfo').map((mapInfo) => readAttributes(mapInfo, MAP_INFO)),
  };
}

// Values that do not parse are left out, as if the attribute were absent, rather than failing the package.
function readAttributes<Spec extends Record<string, AttributeKind>>(
  element: XmlElement,
  spec: Spec,
): AttributesOf<Spec> {
  const values: Record<string, boolean | number | string> = {};
  for (const [name, kind] of Object.entries(spec)) {
    const raw = attributeOf(element, name);
    if (raw === null) continue;
    const value = kind === 'boolean' ? parseBoolean(raw) : kind === 'number' ? parseDecimal(raw) : raw.trim();
    if (value !== null) values[name] = value;
  }
  return values as AttributesOf<Spec>;
}

/** An `xs:boolean`: `true`, `false`, `1` or `0`; null for anything else. */
export function parseBoolean(raw: string | null): boolean | null {
  const value = raw?.trim().toLowerCase();
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return null;
}

export function parseDecimal(raw: string | null): number | null {
  const value = raw?.trim() ?? '';
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(value)) return null;
  return Number(value);
}
