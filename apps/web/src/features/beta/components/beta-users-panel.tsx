import type { BetaUser } from '@portal/shared/beta';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { SearchInput } from '@/components/ui/search-input';
import { Spinner } from '@/components/ui/spinner';
import { useBetaUsers } from '../api/get-beta-users';
import { useSetBetaAccess } from '../api/set-beta-access';

/** The beta users with a revoke button each; a search finds any user to add. */
export function BetaUsersPanel() {
  const { t } = useTranslation('beta');
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const users = useBetaUsers(search);
  const setAccess = useSetBetaAccess();
  const rows = users.data?.pages.flatMap((page) => page.users) ?? [];
  const betaCount = users.data?.pages[0]?.beta_user_count ?? 0;

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
  };
  const toggle = (user: BetaUser) =>
    setAccess.mutate(
      { userId: user.user_id, betaAccess: !user.beta_access },
      {
        onSuccess: () =>
          setAnnouncement(t(user.beta_access ? 'users.revoked' : 'users.granted', { name: user.name || user.email })),
        onError: () => setAnnouncement(t('users.failed')),
      },
    );

  return (
    <section aria-labelledby="beta-users-title" className="rounded-lg border border-border bg-card p-6">
      <h2 id="beta-users-title" className="text-lg font-semibold">
        {t('users.title')}
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">{t('users.count', { count: betaCount })}</p>
      <search>
        <form onSubmit={onSearch} className="mb-4 flex flex-wrap items-end gap-2">
          <div className="flex min-w-60 flex-1 flex-col gap-1.5">
            <Label htmlFor={searchId}>{t('users.searchLabel')}</Label>
            <SearchInput
              id={searchId}
              value={typed}
              maxLength={200}
              placeholder={t('users.searchPlaceholder')}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
          <Button type="submit" variant="outline">
            {t('users.search')}
          </Button>
          {search ? (
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                setTyped('');
                setSearch('');
              }}
            >
              {t('users.clear')}
            </Button>
          ) : null}
        </form>
      </search>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {users.isPending ? (
        <Spinner label={t('users.loading')} />
      ) : users.isError ? (
        <p role="alert">{t('users.loadFailed')}</p>
      ) : rows.length === 0 ? (
        <p className="text-sm">{search ? t('users.noMatches', { search }) : t('users.empty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{search ? t('users.resultsCaption', { search }) : t('users.title')}</caption>
            <thead className="text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t('users.columns.name')}
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t('users.columns.email')}
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t('users.columns.access')}
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">{t('users.columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((user) => (
                <tr key={user.user_id} className="border-t border-border">
                  <td className="py-2 pr-4">{user.name}</td>
                  <td className="py-2 pr-4 break-all">{user.email}</td>
                  <td className="py-2 pr-4">
                    {user.beta_access ? <Badge>{t('users.inBeta')}</Badge> : t('users.notInBeta')}
                  </td>
                  <td className="py-2 text-right">
                    <Button
                      size="sm"
                      variant={user.beta_access ? 'outline' : 'default'}
                      disabled={setAccess.isPending}
                      aria-label={t(user.beta_access ? 'users.revokeFor' : 'users.grantFor', {
                        name: user.name || user.email,
                      })}
                      onClick={() => toggle(user)}
                    >
                      {t(user.beta_access ? 'users.revoke' : 'users.grant')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {users.hasNextPage ? (
            <Button
              variant="outline"
              className="mt-4"
              disabled={users.isFetchingNextPage}
              onClick={() => void users.fetchNextPage()}
            >
              {t('users.more')}
            </Button>
          ) : null}
        </div>
      )}
    </section>
  );
}
