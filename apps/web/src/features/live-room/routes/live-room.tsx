import type { Tier } from '@portal/shared/tiers';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PlanUpgrade } from '@/components/plan-upgrade';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { dateTimeFormat } from '@/lib/intl-formats';
import { useLiveRoomLobby } from '../api/get-live-room-lobby';
import { GoingPrompt } from '../components/going-prompt';
import { LiveRoom } from '../components/live-room';

/** `/dashboard/learner/live-hub/:sessionId`: the room once open, otherwise when it opens or why one cannot enter. */
export function LiveRoomPage() {
  const { sessionId = '' } = useParams();
  const { t, i18n } = useTranslation('live-room');
  const lobby = useLiveRoomLobby(sessionId);
  const opensAt = lobby.data?.status === 'not_open_yet' ? Date.parse(lobby.data.opens_at) : null;
  const { refetch } = lobby;

  // Look again when the room opens, so a waiting page turns into the room by itself.
  useEffect(() => {
    if (opensAt === null) return;
    const wait = Math.min(Math.max(opensAt - Date.now(), 0) + 500, 2 ** 31 - 1);
    const timer = setTimeout(() => void refetch(), wait);
    return () => clearTimeout(timer);
  }, [opensAt, refetch]);

  const back = (
    <Link to="/dashboard/learner/live-hub" className="text-sm text-primary underline-offset-4 hover:underline">
      {t('backToHub')}
    </Link>
  );
  const body = () => {
    if (lobby.isPending) return <Spinner label={t('loading')} />;
    // Asking again failed on the way (network, server): an open room stays as it was, so a call under way goes on.
    const refused = lobby.error instanceof ApiError && lobby.error.status < 500;
    if (lobby.error && (refused || lobby.data?.status !== 'open')) {
      const code = lobby.error instanceof ApiError ? lobby.error.code : 'network';
      if (lobby.error instanceof ApiError && code === 'subscription_required') {
        return <PlanUpgrade tier={(lobby.error.reasons[0] as Tier | undefined) ?? 'us'} feature={t('feature')} />;
      }
      if (code === 'not_a_member') return <GoingPrompt sessionId={sessionId} />;
      return <Alert variant="warning">{t(code === 'not_found' ? 'errors.notFound' : 'errors.loadFailed')}</Alert>;
    }
    const { data } = lobby;
    if (!data) return <Spinner label={t('loading')} />;
    if (data.status === 'open') return <LiveRoom sessionId={sessionId} />;
    const when = dateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short' });
    return (
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">{data.title}</h1>
        <Alert>
          {data.status === 'not_open_yet'
            ? t('lobby.opensAt', { time: when.format(new Date(data.opens_at)) })
            : data.status === 'cancelled'
              ? t('lobby.cancelled')
              : t('lobby.closed')}
        </Alert>
      </div>
    );
  };
  return (
    <div className="flex w-full flex-col gap-4">
      {back}
      {body()}
    </div>
  );
}
