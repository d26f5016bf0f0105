import type { AdminUserRow, AdminUserSort } from '@portal/shared/admin-users';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { dateTimeFormat } from '@/lib/intl-formats';
import { cn } from '@/lib/utils';

type SortState = { sort: AdminUserSort; order: 'asc' | 'desc' };

export const formatDate = (iso: string, language: string) =>
  dateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));

function SortableHeader({
  column,
  label,
  state,
  onSort,
}: {
  column: AdminUserSort;
  label: string;
  state: SortState;
  onSort: (next: SortState) => void;
}) {
  const { t } = useTranslation('admin-users');
  const active = state.sort === column;
  const Icon = active ? (state.order === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
  // A new column starts with the order people expect: A-Z for text, newest first for dates.
  const firstOrder = column === 'name' || column === 'email' ? 'asc' : 'desc';
  const next = active ? (state.order === 'asc' ? 'desc' : 'asc') : firstOrder;
  return (
    <th
      scope="col"
      aria-sort={active ? (state.order === 'asc' ? 'ascending' : 'descending') : 'none'}
      className="px-3 py-2 text-left font-medium"
    >
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        onClick={() => onSort({ sort: column, order: next })}
        aria-label={t('table.sortBy', { column: label })}
      >
        {label}
        <Icon className={cn('size-3.5', active ? 'opacity-100' : 'opacity-40')} aria-hidden="true" />
      </button>
    </th>
  );
}

/** The users found, one row each, linking to their page; headers of sortable columns sort the list. */
export function UsersTable({
  users,
  sort,
  onSort,
}: {
  users: AdminUserRow[];
  sort: SortState;
  onSort: (next: SortState) => void;
}) {
  const { t, i18n } = useTranslation('admin-users');
  const header = (column: AdminUserSort, label: string) => (
    <SortableHeader column={column} label={label} state={sort} onSort={onSort} />
  );
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-card">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('table.caption')}</caption>
        <thead className="border-b border-border bg-muted/50">
          <tr>
            {header('name', t('table.name'))}
            {header('email', t('table.email'))}
            <th scope="col" className="px-3 py-2 text-left font-medium">
              {t('table.role')}
            </th>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              {t('table.tier')}
            </th>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              {t('table.status')}
            </th>
            {header('last_active', t('table.lastActive'))}
            {header('created', t('table.created'))}
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} className="border-b border-border last:border-0 hover:bg-muted/40">
              <td className="px-3 py-2">
                <Link
                  to={`/dashboard/admin/users/${encodeURIComponent(user.id)}`}
                  className="font-medium text-primary hover:underline"
                >
                  {user.name || t('table.noName')}
                </Link>
                {user.beta_access ? <Badge className="ml-2">{t('table.beta')}</Badge> : null}
              </td>
              <td className="px-3 py-2 break-all">{user.email ?? user.phone_number ?? '–'}</td>
              <td className="px-3 py-2">{t(`roles.${user.role}`)}</td>
              <td className="px-3 py-2">{t(`tiers.${user.tier ?? 'none'}`)}</td>
              <td className="px-3 py-2">
                <span className={cn(user.status === 'suspended' && 'font-medium text-destructive')}>
                  {t(`statuses.${user.status}`)}
                </span>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDate(user.last_active_at, i18n.language)}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDate(user.created_at, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
