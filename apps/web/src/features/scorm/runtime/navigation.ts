import type {
  ScormOrganizationTree,
  ScormSco,
  ScormScoProgress,
  ScormTreeItem,
  ScormVersionCode,
} from '@portal/shared/scorm';

/** A launchable activity in delivery (pre-order) order, with what its cluster's sequencing allows. */
export type NavActivity = {
  sco: ScormSco;
  item: ScormTreeItem;
  /** The cluster (organization or parent item) whose control mode governs this activity. */
  parentSequencing: Record<string, unknown> | null;
  hiddenLmsUi: string[];
};

type ControlMode = { choice: boolean; flow: boolean; forwardOnly: boolean };
type RuleCondition = { condition?: string; operator?: string };
type SequencingRule = { conditionCombination?: string; conditions?: RuleCondition[]; action?: string };

/** The IMS Simple Sequencing defaults: choice allowed, flow not, backward allowed. */
const SS_DEFAULTS: ControlMode = { choice: true, flow: false, forwardOnly: false };

export function flattenActivities(organization: ScormOrganizationTree, scos: ScormSco[]): NavActivity[] {
  const byItem = new Map(scos.map((sco) => [sco.item_id, sco]));
  const result: NavActivity[] = [];
  const walk = (items: ScormTreeItem[], parentSequencing: Record<string, unknown> | null, inherited: string[]) => {
    for (const item of items) {
      const hidden = [...inherited, ...item.hide_lms_ui];
      const sco = byItem.get(item.item_id);
      if (sco) result.push({ sco, item, parentSequencing, hiddenLmsUi: hidden });
      walk(item.children, item.sequencing, hidden);
    }
  };
  walk(organization.items, organization.sequencing, []);
  return result;
}

function controlModeOf(sequencing: Record<string, unknown> | null): ControlMode {
  const mode = (sequencing?.controlMode ?? {}) as Partial<ControlMode>;
  return {
    choice: mode.choice ?? SS_DEFAULTS.choice,
    flow: mode.flow ?? SS_DEFAULTS.flow,
    forwardOnly: mode.forwardOnly ?? SS_DEFAULTS.forwardOnly,
  };
}

function conditionHolds(condition: RuleCondition, progress: ScormScoProgress | undefined): boolean {
  const attempted = (progress?.attempts ?? 0) > 0;
  const completed = progress?.completion_status === 'completed';
  const satisfied = progress?.success_status === 'passed';
  let holds: boolean;
  switch (condition.condition) {
    case 'always':
      holds = true;
      break;
    case 'attempted':
      holds = attempted;
      break;
    case 'completed':
    case 'activityProgressKnown':
      holds = completed;
      break;
    case 'satisfied':
    case 'objectiveStatusKnown':
      holds = satisfied;
      break;
    default:
      return false;
  }
  return condition.operator === 'not' ? !holds : holds;
}

/** Pre-condition rule actions (`skip`, `disabled`, `hiddenFromChoice`) that hold for an activity now. */
export function preConditionActions(activity: NavActivity, progress: ScormScoProgress | undefined): Set<string> {
  const rules = ((activity.item.sequencing?.sequencingRules as { preConditionRules?: SequencingRule[] } | undefined)
    ?.preConditionRules ?? []) as SequencingRule[];
  const actions = new Set<string>();
  for (const rule of rules) {
    const conditions = rule.conditions ?? [];
    if (!rule.action || conditions.length === 0) continue;
    const results = conditions.map((condition) => conditionHolds(condition, progress));
    const fires = rule.conditionCombination === 'any' ? results.some(Boolean) : results.every(Boolean);
    if (fires) actions.add(rule.action);
  }
  return actions;
}

export type Navigation = {
  previous: NavActivity | null;
  next: NavActivity | null;
  showPrevious: boolean;
  showContinue: boolean;
  /** Whether the table of contents may open this activity directly. */
  canChoose: (activity: NavActivity) => boolean;
  /** Whether the table of contents lists the activity at all. */
  isListed: (activity: NavActivity) => boolean;
};

/**
 * Continue, Previous and Choice for the current activity. SCORM 1.2 has no sequencing: everything is open. For
 * SCORM 2004 the parent cluster's control mode decides (flow for Continue/Previous, forwardOnly against Previous,
 * choice for the table of contents), pre-condition rules skip, disable or hide activities, and the content may
 * hide the LMS's own buttons.
 */
export function navigationFor({
  version,
  activities,
  currentScoId,
  progress,
}: {
  version: ScormVersionCode;
  activities: NavActivity[];
  currentScoId: string | null;
  progress: ScormScoProgress[];
}): Navigation {
  const progressOf = (activity: NavActivity) => progress.find((entry) => entry.sco_id === activity.sco.id);
  const index = activities.findIndex((activity) => activity.sco.id === currentScoId);
  const current = activities[index];
  if (version === '1.2') {
    return {
      previous: index > 0 ? (activities[index - 1] ?? null) : null,
      next: index >= 0 ? (activities[index + 1] ?? null) : null,
      showPrevious: true,
      showContinue: true,
      canChoose: () => true,
      isListed: (activity) => activity.item.is_visible,
    };
  }
  const actions = (activity: NavActivity) => preConditionActions(activity, progressOf(activity));
  const deliverable = (activity: NavActivity) => {
    const fired = actions(activity);
    return !fired.has('skip') && !fired.has('disabled');
  };
  const mode = controlModeOf(current?.parentSequencing ?? null);
  const next = index >= 0 ? (activities.slice(index + 1).find(deliverable) ?? null) : null;
  const previous = index > 0 ? ([...activities.slice(0, index)].reverse().find(deliverable) ?? null) : null;
  const hidden = new Set(current?.hiddenLmsUi ?? []);
  return {
    previous: mode.flow && !mode.forwardOnly ? previous : null,
    next: mode.flow ? next : null,
    showPrevious: !hidden.has('previous'),
    showContinue: !hidden.has('continue'),
    canChoose: (activity) =>
      controlModeOf(activity.parentSequencing).choice &&
      !actions(activity).has('disabled') &&
      !actions(activity).has('hiddenFromChoice'),
    isListed: (activity) => activity.item.is_visible && !actions(activity).has('hiddenFromChoice'),
  };
}

/** Reads a SCO's `adl.nav.request` (`continue`, `previous`, `{target=ID}choice`, `exit`...). */
export function parseNavRequest(request: string | null | undefined): { kind: string; target: string | null } | null {
  const value = request?.trim() ?? '';
  if (value === '' || value === '_none_') return null;
  const choice = /^\{target=([^}]+)\}(choice|jump)$/.exec(value);
  if (choice) return { kind: choice[2] ?? 'choice', target: choice[1] ?? null };
  return { kind: value, target: null };
}
