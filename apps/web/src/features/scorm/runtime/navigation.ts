import type { ScormOrganizationTree, ScormPlayerSession, ScormSco, ScormTreeItem } from '@portal/shared/scorm';
import { lockedScoIds } from '@portal/shared/scorm-prerequisites';

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
 * Continue, Previous and Choice without sequencing (SCORM 1.2): everything is open, in delivery order, except SCOs
 * whose `adlcp:prerequisites` are not met yet (`locked`, see `lockedScosOf`), which Continue and Previous pass over
 * and the table of contents cannot open. SCORM 2004 navigates through the sequencing engine (see `sequencer.ts`).
 */
export function simpleNavigationFor({
  activities,
  currentScoId,
  locked = new Set(),
}: {
  activities: NavActivity[];
  currentScoId: string | null;
  locked?: ReadonlySet<string>;
}): Navigation {
  const index = activities.findIndex((activity) => activity.sco.id === currentScoId);
  const open = (activity: NavActivity) => !locked.has(activity.sco.id);
  return {
    previous: index > 0 ? (activities.slice(0, index).findLast(open) ?? null) : null,
    next: index >= 0 ? (activities.slice(index + 1).find(open) ?? null) : null,
    canChoose: open,
    isListed: (activity) => activity.item.is_visible,
  };
}

/**
 * The SCOs of a SCORM 1.2 launch whose prerequisites the learner has not met yet (the server refuses to start
 * them too). Previews and SCORM 2004 packages, which sequence instead, have none.
 */
export function lockedScosOf(
  session: Pick<
    ScormPlayerSession,
    'mode' | 'package' | 'organizations' | 'default_organization_id' | 'scos' | 'progress'
  >,
): ReadonlySet<string> {
  if (session.mode !== 'launch' || session.package.version !== '1.2') return new Set();
  const organization =
    session.organizations.find((entry) => entry.id === session.default_organization_id) ?? session.organizations[0];
  return organization ? lockedScoIds(organization, session.scos, session.progress) : new Set();
}

/**
 * Activities in the order the sequencing engine holds its tree in (randomized children reordered, per attempt of
 * their parent and kept in the engine's saved state); activities the engine does not name keep their place after.
 */
export function inEngineOrder(activities: NavActivity[], order: readonly string[]): NavActivity[] {
  const rank = new Map(order.map((id, position) => [id, position]));
  return activities
    .map((activity, position) => ({ activity, key: rank.get(activity.item.item_id) ?? order.length + position }))
    .sort((a, b) => a.key - b.key)
    .map(({ activity }) => activity);
}

/** Reads a SCO's `adl.nav.request` (`continue`, `previous`, `{target=ID}choice`, `exit`...). */
export function parseNavRequest(request: string | null | undefined): { kind: string; target: string | null } | null {
  const value = request?.trim() ?? '';
  if (value === '' || value === '_none_') return null;
  const choice = /^\{target=([^}]+)\}(choice|jump)$/.exec(value);
  if (choice) return { kind: choice[2] ?? 'choice', target: choice[1] ?? null };
  return { kind: value, target: null };
}
