import { ADMIN_USER_SORTS, type AdminUserSort } from '@portal/shared/admin-users';
import { Download, Users } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { type AdminUserListFilters, exportUrl, useAdminUsers } from '../api/get-admin-users';
import { CreateUserDialog } from '../components/create-user-dialog';
import { UserFilters } from '../components/user-filters';
import { UsersTable } from '../components/users-table';

const FILTER_NAMES = [
  'q',
  'role',
  'tier',
  'status',
  'beta',
  'activeWithinDays',
  'inactiveDays',
  'sort',
  'order',
] as const;

/** Admins find users by name, email or phone, filter and sort them, page on, export the list and create users. */
export function AdminUsers() {
  const { t } = useTranslation('admin-users');
  const [params, setParams] = useSearchParams();
  const paramsKey = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters change exactly when the query string does
  const filters = useMemo<AdminUserListFilters>(() => {
    const read: AdminUserListFilters = {};
    for (const name of FILTER_NAMES) {
      const value = params.get(name);
      if (value) read[name] = value;
    }
    return read;
  }, [paramsKey]);
  const sort = {
    sort: (ADMIN_USER_SORTS as readonly string[]).includes(filters.sort ?? '')
      ? (filters.sort as AdminUserSort)
      : 'created',
    order: filters.order === 'asc' ? ('asc' as const) : ('desc' as const),
  };
  const setFilters = useCallback(
    (next: AdminUserListFilters) => {
      const query = new URLSearchParams();
      for (const name of FILTER_NAMES) {
        const value = next[name];
        if (value) query.set(name, value);
      }
      setParams(query, { replace: true });
    },
    [setParams],
  );
  const list = useAdminUsers(filters);
  const users = list.data?.pages.flatMap((page) => page.users) ?? [];

  return (
    <div>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" asChild>
              <a href={exportUrl(filters)} download>
                <Download className="size-4" aria-hidden="true" />
                {t('export')}
              </a>
            </Button>
            <CreateUserDialog />
          </div>
        }
      />
      <UserFilters filters={filters} onChange={setFilters} />
      <p aria-live="polite" className="mb-2 min-h-5 text-sm text-muted-foreground">
        {list.isPending || list.isError ? '' : t(list.hasNextPage ? 'countMore' : 'count', { count: users.length })}
      </p>
      {list.isPending ? (
        <Spinner label={t('loading')} />
      ) : list.isError ? (
        <Alert variant="destructive">{t('loadFailed')}</Alert>
      ) : users.length === 0 ? (
        <EmptyState icon={Users} title={t('empty.title')} description={t('empty.description')} />
      ) : (
        <div aria-busy={list.isFetching}>
          <UsersTable users={users} sort={sort} onSort={(next) => setFilters({ ...filters, ...next })} />
          {list.hasNextPage ? (
            <div className="mt-4 flex justify-center">
              <Button variant="outline" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {list.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}
