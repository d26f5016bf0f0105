import type { AdminOverview, AuditPerson } from '@portal/shared/admin-overview';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuditAction } from '@/components/audit-action';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useDisplayFormats } from '@/lib/profile';

const AUDIT_LOG = '/dashboard/admin/audit';

function useWhen() {
  const { formatDate, formatTime } = useDisplayFormats();
  return (iso: string) => `${formatDate(new Date(iso))} ${formatTime(new Date(iso))}`;
}

export function RecentSignups({ signups }: { signups: AdminOverview['recent_signups'] }) {
  const { t } = useTranslation('admin-home');
  const when = useWhen();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('recentSignups.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {signups.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('recentSignups.empty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {signups.map((user) => (
              <li key={user.id} className="flex flex-wrap justify-between gap-x-4 py-2 text-sm">
                <span className="min-w-0">
                  <span className="font-medium">{user.name}</span>
                  {user.email ? <span className="block break-all text-muted-foreground">{user.email}</span> : null}
                </span>
                <time dateTime={user.created_at} className="text-muted-foreground">
                  {when(user.created_at)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function RecentAdminActions({ actions }: { actions: AdminOverview['recent_admin_actions'] }) {
  const { t } = useTranslation('admin-home');
  const when = useWhen();
  const who = (person: AuditPerson | null) =>
    person ? (person.name ?? person.email ?? t('recentActions.deleted')) : t('recentActions.system');
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between">
        <CardTitle>{t('recentActions.title')}</CardTitle>
        <Link to={AUDIT_LOG} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('recentActions.viewAll')}
        </Link>
      </CardHeader>
      <CardContent>
        {actions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('recentActions.empty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {actions.map((event) => (
              <li key={event.id} className="flex flex-wrap justify-between gap-x-4 py-2 text-sm">
                <span className="min-w-0">
                  <AuditAction code={event.action} />
                  <span className="block text-muted-foreground">
                    {/* A change to shared content (a course, a package) is no one's data: only who made it. */}
                    {event.target
                      ? t('recentActions.byOn', { actor: who(event.actor), target: who(event.target) })
                      : who(event.actor)}
                  </span>
                </span>
                <time dateTime={event.created_at} className="text-muted-foreground">
                  {when(event.created_at)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
