import type { AccountSession } from '@portal/shared/auth';
import { useQueryClient } from '@tanstack/react-query';
import { Monitor, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useSignOut } from '@/lib/auth';
import { dateTimeFormat } from '@/lib/intl-formats';
import { getSessionsQueryOptions, useSessions } from '../../api/get-sessions';
import { useRevokeSession } from '../../api/revoke-session';

const MOBILE_SYSTEMS = new Set(['iOS', 'Android']);

function useDeviceLabel() {
  const { t } = useTranslation('security');
  return ({ browser, os }: AccountSession) => {
    if (browser && os) return t('sessions.device', { browser, os });
    return browser ?? os ?? t('sessions.unknownDevice');
  };
}

function SessionRow({ session }: { session: AccountSession }) {
  const { t, i18n } = useTranslation('security');
  const deviceLabel = useDeviceLabel();
  const revoke = useRevokeSession();
  const label = deviceLabel(session);
  const when = dateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' });
  const Icon = session.os && MOBILE_SYSTEMS.has(session.os) ? Smartphone : Monitor;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          {label}
          {session.current ? <Badge>{t('sessions.thisDevice')}</Badge> : null}
        </p>
        <p className="text-xs text-muted-foreground">
          {t('sessions.lastActive', { date: when.format(new Date(session.updatedAt)) })}
          {' · '}
          {t('sessions.signedIn', { date: when.format(new Date(session.createdAt)) })}
          {session.ipAddress ? ` · ${t('sessions.ipAddress', { ip: session.ipAddress })}` : null}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          aria-label={t('sessions.signOutDevice', { device: label })}
          disabled={revoke.isPending}
          onClick={() =>
            revoke.mutate(session.id, {
              onSuccess: () => toast.success(t('sessions.signedOut')),
              onError: () => toast.error(t('sessions.signOutFailed')),
            })
          }
        >
          {t('sessions.signOut')}
        </Button>
      )}
    </li>
  );
}

/** Where the user is signed in, with sign-out per device, for every other device, or everywhere. */
export function SessionsCard() {
  const { t } = useTranslation('security');
  const sessions = useSessions();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('sessions.title')}</CardTitle>
        <CardDescription>{t('sessions.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? <Spinner label={t('sessions.loading')} /> : null}
        {sessions.isError ? <Alert variant="destructive">{t('sessions.loadFailed')}</Alert> : null}
        {sessions.data ? (
          <ul aria-label={t('sessions.title')} className="divide-y divide-border">
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
        ) : null}
      </CardContent>
      <CardFooter className="flex-wrap gap-3">
        <Button
          variant="outline"
          disabled={signOut.isPending}
          onClick={() =>
            signOut.mutate('others', {
              onSuccess: () => {
                toast.success(t('sessions.othersSignedOut'));
                void queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey });
              },
              onError: () => toast.error(t('sessions.signOutFailed')),
            })
          }
        >
          {t('sessions.signOutOthers')}
        </Button>
        <Button
          variant="destructive"
          disabled={signOut.isPending}
          onClick={() =>
            signOut.mutate('global', {
              onSuccess: () => navigate('/login', { replace: true }),
              onError: () => toast.error(t('sessions.signOutFailed')),
            })
          }
        >
          {t('sessions.signOutEverywhere')}
        </Button>
      </CardFooter>
    </Card>
  );
}
