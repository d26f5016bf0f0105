import type { LiveTimerBody } from '@portal/shared/live-room';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/lib/page-title';
import { useEnterLiveRoom } from '../api/enter-live-room';
import { leaveClosedRoom } from '../api/get-live-room-lobby';
import { useLiveRoomState } from '../api/get-live-room-state';
import { type LiveRoomChange, useUpdateLiveRoom } from '../api/update-live-room';
import { AttendancePanel } from './attendance-panel';
import { LiveChat } from './live-chat';
import { RoomMedia } from './room-media';
import { RoomPeople } from './room-people';
import { RoomPoll } from './room-poll';
import { RoomTimer } from './room-timer';
import { useRoomRealtime } from './use-room-realtime';

/** The open room: call, timer and poll on one side, people, hands and chat on the other. */
export function LiveRoom({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation('live-room');
  const presence = useEnterLiveRoom(sessionId, true);
  const realtime = useRoomRealtime(sessionId, presence.entered);
  const room = useLiveRoomState(sessionId, presence.entered);
  const update = useUpdateLiveRoom(sessionId);
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState('');
  // Two clicks can land before the first hand-over re-renders the room; the second would be refused.
  const handingOver = useRef(false);
  const state = room.data;
  usePageTitle(state?.session.title);

  const roomError = room.error;
  useEffect(() => {
    if (roomError) leaveClosedRoom(queryClient, sessionId, roomError);
  }, [roomError, queryClient, sessionId]);

  if (presence.error && !state) return <Alert variant="destructive">{t('errors.enterFailed')}</Alert>;
  if (!state) return <Spinner label={t('loading')} />;

  const serverOffsetMs = Date.parse(state.server_now) - (room.dataUpdatedAt || Date.now());
  const change = (next: LiveRoomChange) => {
    if (next.kind === 'hand_over') {
      if (handingOver.current) return;
      handingOver.current = true;
    }
    setProblem('');
    update.mutate(next, {
      onError: (error) => {
        if (!leaveClosedRoom(queryClient, sessionId, error)) setProblem(t('errors.actionFailed'));
      },
      onSettled: () => {
        if (next.kind === 'hand_over') handingOver.current = false;
      },
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold">{state.session.title}</h1>
        <p className="text-sm text-muted-foreground">
          {state.me.is_host ? t('room.youHost') : t('room.hostIs', { name: state.host_name ?? '—' })}
        </p>
        {presence.connection === 'online' ? null : (
          <Alert variant="warning" className="mt-2">
            {t(presence.connection === 'offline' ? 'connection.offline' : 'connection.reconnecting')}
          </Alert>
        )}
        {state.me.can_reclaim_host ? (
          <Button
            variant="outline"
            size="sm"
            className="mt-2"
            onClick={() => change({ kind: 'hand_over', userId: state.me.user_id })}
          >
            {t('room.reclaimHost')}
          </Button>
        ) : null}
      </header>
      <p role="status" className="min-h-5 text-sm text-destructive">
        {problem}
      </p>
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-4">
          <RoomMedia state={state} realtime={realtime} />
          <RoomTimer
            timer={state.timer}
            serverOffsetMs={serverOffsetMs}
            canModerate={state.me.can_moderate}
            onChange={(body: LiveTimerBody) => change({ kind: 'timer', body })}
          />
          <RoomPoll poll={state.poll} canModerate={state.me.can_moderate} onChange={change} />
          {state.me.can_see_attendance ? <AttendancePanel sessionId={sessionId} /> : null}
        </div>
        <div className="flex flex-col gap-4">
          <RoomPeople state={state} onChange={change} />
          <LiveChat sessionId={sessionId} canModerate={state.me.can_moderate} muted={state.me.muted} />
        </div>
      </div>
    </div>
  );
}
