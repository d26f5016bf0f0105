import type { ScormOrganizationTree, ScormSco, ScormTreeItem } from '@portal/shared/scorm';

/** A launchable activity: its SCO and its item in the organization's tree. */
export type NavActivity = { sco: ScormSco; item: ScormTreeItem };

/** Launchable activities in delivery (pre-order) order, children after their parent. */
export function flattenActivities(organization: ScormOrganizationTree, scos: ScormSco[]): NavActivity[] {
  const byItem = new Map(scos.map((sco) => [sco.item_id, sco]));
  const result: NavActivity[] = [];
  const walk = (items: ScormTreeItem[]) => {
    for (const item of items) {
      const sco = byItem.get(item.item_id);
      if (sco) result.push({ sco, item });
      walk(item.children);
    }
  };
  walk(organization.items);
  return result;
}

export type Navigation = {
  previous: NavActivity | null;
  next: NavActivity | null;
  /** Whether the table of contents may open this activity directly. */
  canChoose: (activity: NavActivity) => boolean;
  /** Whether the table of contents lists the activity at all. */
  isListed: (activity: NavActivity) => boolean;
};

/**
 * Continue, Previous and Choice without sequencing (SCORM 1.2): everything is open, in delivery order. SCORM 2004
 * navigates through the sequencing engine instead (see `sequencer.ts`).
 */
export function simpleNavigationFor({
  activities,
  currentScoId,
}: {
  activities: NavActivity[];
  currentScoId: string | null;
}): Navigation {
  const index = activities.findIndex((activity) => activity.sco.id === currentScoId);
  return {
    previous: index > 0 ? (activities[index - 1] ?? null) : null,
    next: index >= 0 ? (activities[index + 1] ?? null) : null,
    canChoose: () => true,
    isListed: (activity) => activity.item.is_visible,
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
