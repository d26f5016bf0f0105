import type { ScormTreeItem } from '@portal/shared/scorm';
import type { ReactNode } from 'react';
import type { NavActivity } from '../runtime/navigation';

/**
 * The organization's tree: launchable items as buttons, aggregations as group labels over their children. With
 * `order` (the sequencing engine's tree order, randomized children reordered per attempt) siblings follow it.
 */
export function TocList({
  items,
  activities,
  order,
  render,
}: {
  items: ScormTreeItem[];
  activities: NavActivity[];
  order?: readonly string[] | undefined;
  render: (activity: NavActivity) => ReactNode;
}) {
  const rank = new Map((order ?? []).map((id, position) => [id, position]));
  const ordered =
    rank.size === 0
      ? items
      : items
          .map((item, position) => ({ item, key: rank.get(item.item_id) ?? rank.size + position }))
          .sort((a, b) => a.key - b.key)
          .map(({ item }) => item);
  return (
    <ul className="flex flex-col gap-1">
      {ordered.map((item) => {
        const activity = activities.find((candidate) => candidate.item.item_id === item.item_id);
        const own = activity ? render(activity) : null;
        if (!activity && !item.is_visible && item.children.length === 0) return null;
        return (
          <li key={item.item_id}>
            {own ??
              (!activity && item.is_visible ? (
                <p className="px-2 pt-2 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                  {item.title}
                </p>
              ) : null)}
            {item.children.length > 0 ? (
              <div className="pl-3">
                <TocList items={item.children} activities={activities} order={order} render={render} />
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
