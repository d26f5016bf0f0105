import type { ScormOrganizationTree, ScormSco, ScormTreeItem } from '@portal/shared/scorm';
import { EyeOff, FileText, Folder, PlayCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LockedMark } from './launch-rules-notice';

/**
 * The organization's items as a nested list; `renderAction` adds a control to launchable items, and SCOs in
 * `locked` (prerequisites not met, see `lockedScosOf`) are marked locked.
 */
export function ScoTree({
  organization,
  scos,
  renderAction,
  locked = new Set(),
}: {
  organization: ScormOrganizationTree;
  scos: ScormSco[];
  renderAction?: (sco: ScormSco) => ReactNode;
  locked?: ReadonlySet<string>;
}) {
  const byItem = new Map(scos.map((sco) => [sco.item_id, sco]));
  return (
    <ul className="flex flex-col gap-1">
      {organization.items.map((item) => (
        <TreeNode
          key={item.item_id}
          item={item}
          byItem={byItem}
          depth={0}
          renderAction={renderAction}
          locked={locked}
        />
      ))}
    </ul>
  );
}

function TreeNode({
  item,
  byItem,
  depth,
  renderAction,
  locked,
}: {
  item: ScormTreeItem;
  byItem: Map<string, ScormSco>;
  depth: number;
  renderAction: ((sco: ScormSco) => ReactNode) | undefined;
  locked: ReadonlySet<string>;
}) {
  const { t } = useTranslation('scorm');
  const sco = byItem.get(item.item_id);
  const Icon = sco ? (sco.scorm_type === 'sco' ? PlayCircle : FileText) : Folder;
  return (
    <li>
      <div
        className="flex flex-wrap items-center gap-2 rounded-md px-2 py-1.5"
        style={{ paddingInlineStart: `${depth * 1.25 + 0.5}rem` }}
      >
        <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
        <span className="min-w-0 flex-1 break-words">{item.title}</span>
        {sco ? <span className="text-xs text-muted-foreground">{t(`scoType.${sco.scorm_type}`)}</span> : null}
        {!item.is_visible ? (
          <span className="flex items-center gap-1 text-xs text-muted-foreground">
            <EyeOff className="size-3.5" aria-hidden="true" />
            {t('tree.hidden')}
          </span>
        ) : null}
        {sco && locked.has(sco.id) ? <LockedMark /> : null}
        {sco && renderAction ? renderAction(sco) : null}
      </div>
      {item.children.length > 0 ? (
        <ul className="flex flex-col gap-1">
          {item.children.map((child) => (
            <TreeNode
              key={child.item_id}
              item={child}
              byItem={byItem}
              depth={depth + 1}
              renderAction={renderAction}
              locked={locked}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
