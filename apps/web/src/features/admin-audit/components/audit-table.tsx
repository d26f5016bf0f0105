import type { AdminAuditEvent, AuditPerson } from '@portal/shared/admin-overview';
import { useTranslation } from 'react-i18next';
import { AuditAction } from '@/components/audit-action';
import { useDisplayFormats } from '@/lib/profile';
import { AuditChanges } from './audit-changes';

const COLUMNS = ['when', 'action', 'actor', 'target', 'changes'] as const;

/** A person in the trail; `absent` says what no person means in the column (the person acted, or no one's data). */
function Person({ person, absent }: { person: AuditPerson | null; absent: 'self' | 'none' }) {
  const { t } = useTranslation('admin-audit');
  if (!person) return <span className="text-muted-foreground">{t(`people.${absent}`)}</span>;
  return (
    <span className="flex flex-col">
      <span>{person.name ?? t('people.deleted')}</span>
      <span className="break-all text-xs text-muted-foreground">{person.email ?? person.id}</span>
    </span>
  );
}

/** The events newest first; when an admin acted the actor column names them, otherwise the person acted themselves. */
export function AuditTable({ events }: { events: AdminAuditEvent[] }) {
  const { t } = useTranslation('admin-audit');
  const { formatDate, formatTime } = useDisplayFormats();
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('table.caption')}</caption>
        <thead className="bg-muted/50 text-muted-foreground">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-4 py-2 font-medium">
                {t(`table.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={event.id} className="border-t border-border align-top">
              <td className="whitespace-nowrap px-4 py-2">
                <time dateTime={event.created_at}>
                  {formatDate(new Date(event.created_at))} {formatTime(new Date(event.created_at))}
                </time>
              </td>
              <td className="px-4 py-2">
                <AuditAction code={event.action} />
              </td>
              <td className="px-4 py-2">
                <Person person={event.actor} absent="self" />
              </td>
              <td className="px-4 py-2">
                <Person person={event.target} absent="none" />
              </td>
              <td className="px-4 py-2">
                <AuditChanges before={event.old_values} after={event.new_values} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
