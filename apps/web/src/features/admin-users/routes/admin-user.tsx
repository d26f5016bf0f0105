import type { AdminUserDetail } from '@portal/shared/admin-users';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AuditAction } from '@/components/audit-action';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { useAdminUser } from '../api/get-admin-user';
import { UserActions } from '../components/user-actions';
import { formatDate } from '../components/users-table';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-5">
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </Card>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function UserSections({ detail }: { detail: AdminUserDetail }) {
  const { t, i18n } = useTranslation('admin-users');
  const date = (iso: string) => formatDate(iso, i18n.language);
  const { user, profile, subscription } = detail;
  const none = t('detail.none');
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section title={t('detail.profile')}>
        <Facts
          rows={[
            [t('table.email'), user.email ?? none],
            [t('detail.phone'), user.phone_number ?? none],
            [t('detail.displayName'), profile?.display_name || none],
            [t('detail.language'), profile?.primary_language ?? none],
            [t('detail.timezone'), profile?.timezone ?? none],
            [t('detail.emailVerified'), user.email_verified ? t('detail.yes') : t('detail.no')],
            [t('detail.twoFactor'), user.two_factor_enabled ? t('detail.yes') : t('detail.no')],
            [t('table.created'), date(user.created_at)],
            [t('table.lastActive'), date(user.last_active_at)],
          ]}
        />
      </Section>
      <Section title={t('detail.plan')}>
        <Facts
          rows={[
            [t('table.tier'), t(`tiers.${subscription.tier ?? 'none'}`)],
            [
              t('detail.planStatus'),
              subscription.status ? t(`detail.planStatuses.${subscription.status}`, subscription.status) : none,
            ],
            [t('detail.periodEnd'), subscription.current_period_end ? date(subscription.current_period_end) : none],
            [t('detail.complimentary'), subscription.complimentary ? t('detail.yes') : t('detail.no')],
            [t('detail.xp'), t('detail.xpValue', { xp: detail.xp.total_xp, level: detail.xp.level })],
          ]}
        />
      </Section>
      <Section title={t('detail.sessions', { count: detail.sessions.length })}>
        {detail.sessions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('detail.noSessions')}</p>
        ) : (
          <ul className="flex flex-col gap-2 text-sm">
            {detail.sessions.map((session) => (
              <li key={session.id} className="rounded-md border border-border p-2">
                <div className="font-medium">{session.user_agent ?? t('detail.unknownDevice')}</div>
                <div className="text-muted-foreground">
                  {t('detail.sessionLine', {
                    address: session.ip_address ?? none,
                    since: date(session.created_at),
                    seen: date(session.updated_at),
                  })}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('detail.activity')}>
        {detail.recent_activity.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('detail.noActivity')}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {detail.recent_activity.map((event) => (
              <li key={`${event.action}-${event.created_at}`} className="flex justify-between gap-2">
                <AuditAction code={event.action} />
                <span className="text-muted-foreground">
                  {date(event.created_at)}
                  {event.by_admin ? ` · ${t('detail.byAdmin')}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('detail.enrolments')}>
        {detail.enrolments.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('detail.noEnrolments')}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {detail.enrolments.map((enrolment) => (
              <li key={enrolment.course_id} className="flex justify-between gap-2">
                <span>{enrolment.title}</span>
                <span className="text-muted-foreground">
                  {enrolment.completed_at
                    ? t('detail.completed', { date: date(enrolment.completed_at) })
                    : t('detail.progress', { percent: enrolment.progress_percent })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

/** One user's page for admins: who they are, their plan and activity, and every account action. */
export function AdminUser() {
  const { t } = useTranslation('admin-users');
  const { userId = '' } = useParams();
  const detail = useAdminUser(userId);
  const back = (
    <Link to="/dashboard/admin/users" className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('detail.back')}
    </Link>
  );
  if (detail.isPending) return <Spinner label={t('detail.loading')} />;
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <div className="flex flex-col gap-4">
        {back}
        <Alert variant="destructive">{missing ? t('errors.not_found') : t('detail.loadFailed')}</Alert>
      </div>
    );
  }
  const { user } = detail.data;
  return (
    <div className="flex flex-col gap-6">
      {back}
      <PageHeader
        title={user.name || t('table.noName')}
        description={`${t(`roles.${user.role}`)} · ${user.email ?? user.phone_number ?? ''}`}
        actions={
          <div className="flex gap-2">
            <Badge className={user.status === 'suspended' ? 'bg-destructive text-white' : undefined}>
              {t(`statuses.${user.status}`)}
            </Badge>
            {user.beta_access ? <Badge>{t('table.beta')}</Badge> : null}
          </div>
        }
      />
      <UserActions detail={detail.data} />
      <UserSections detail={detail.data} />
    </div>
  );
}
