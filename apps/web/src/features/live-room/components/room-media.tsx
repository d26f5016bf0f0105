import { LIVE_ROOM_MEDIA_LIMIT, type LiveRoomState } from '@portal/shared/live-room';
import { ExternalLink, Mic, MicOff, MonitorUp, Video, VideoOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useTakeCallHere } from '../api/enter-live-room';
import { TAB_ID } from '../utils/tab-id';
import { useMeshCall } from './use-mesh-call';
import type { RoomRealtime } from './use-room-realtime';

function Tile({ stream, name, self }: { stream: MediaStream | null; name: string; self: boolean }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (videoRef.current) videoRef.current.srcObject = stream;
  }, [stream]);
  return (
    <figure className="relative overflow-hidden rounded-md bg-muted">
      <video ref={videoRef} autoPlay playsInline muted={self} className="aspect-video w-full object-cover" />
      <figcaption className="absolute bottom-1 left-1 rounded bg-background/80 px-2 text-xs">{name}</figcaption>
    </figure>
  );
}

/** The external meeting link, or the in-browser call for the first six people in the room. */
export function RoomMedia({ state, realtime }: { state: LiveRoomState; realtime: RoomRealtime }) {
  const { t } = useTranslation('live-room');
  if (state.media_mode === 'external' && state.session.meeting_url) {
    return (
      <section aria-labelledby="room-media-title" className="rounded-lg border border-border bg-card p-4">
        <h2 id="room-media-title" className="mb-2 text-lg font-semibold">
          {t('media.title')}
        </h2>
        <p className="mb-3 text-sm text-muted-foreground">{t('media.externalHint')}</p>
        <Button asChild>
          <a href={state.session.meeting_url} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            {t('media.openMeeting')}
          </a>
        </Button>
      </section>
    );
  }
  if (state.me.call_tab !== null && state.me.call_tab !== TAB_ID) {
    return <CallElsewhere sessionId={state.session.id} />;
  }
  return <MeshCall state={state} realtime={realtime} />;
}

/** Another tab or window of mine holds my call: this one offers to take it over. */
function CallElsewhere({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation('live-room');
  const take = useTakeCallHere(sessionId);
  return (
    <section aria-labelledby="room-media-title" className="rounded-lg border border-border bg-card p-4">
      <h2 id="room-media-title" className="mb-2 text-lg font-semibold">
        {t('media.title')}
      </h2>
      <p role="status" className="mb-3 text-sm text-muted-foreground">
        {t('media.elsewhere')}
      </p>
      <Button onClick={() => take.mutate()} disabled={take.isPending}>
        <Video aria-hidden="true" />
        {t('media.takeHere')}
      </Button>
      {take.isError ? (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {t('media.takeFailed')}
        </p>
      ) : null}
    </section>
  );
}

function MeshCall({ state, realtime }: { state: LiveRoomState; realtime: RoomRealtime }) {
  const { t } = useTranslation('live-room');
  const peers = state.me.media
    ? state.participants
        .filter((person) => person.media && person.user_id !== state.me.user_id)
        .map((person) => ({ userId: person.user_id, tab: person.call_tab }))
    : [];
  const call = useMeshCall({ myId: state.me.user_id, peers, realtime, iceServers: state.ice_servers });
  const [micOn, setMicOn] = useState(true);
  const [cameraOn, setCameraOn] = useState(true);
  const [sharing, setSharing] = useState<MediaStreamTrack | null>(null);
  const [problem, setProblem] = useState('');
  const names = new Map(state.participants.map((person) => [person.user_id, person.name]));

  const join = async () => {
    setProblem('');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
      call.publish(stream);
      setMicOn(true);
      setCameraOn(true);
    } catch {
      setProblem(t('media.denied'));
    }
  };
  const toggle = (kind: 'audio' | 'video') => {
    const tracks = kind === 'audio' ? call.local?.getAudioTracks() : call.local?.getVideoTracks();
    const next = kind === 'audio' ? !micOn : !cameraOn;
    for (const track of tracks ?? []) track.enabled = next;
    if (kind === 'audio') setMicOn(next);
    else setCameraOn(next);
  };
  const stopSharing = () => {
    sharing?.stop();
    setSharing(null);
    call.replaceVideo(call.local?.getVideoTracks()[0] ?? null);
  };
  const share = async () => {
    if (sharing) return stopSharing();
    try {
      const screen = await navigator.mediaDevices.getDisplayMedia({ video: true });
      const [track] = screen.getVideoTracks();
      if (!track) return;
      track.onended = () => stopSharing();
      call.replaceVideo(track);
      setSharing(track);
    } catch {
      setProblem(t('media.shareFailed'));
    }
  };

  return (
    <section aria-labelledby="room-media-title" className="rounded-lg border border-border bg-card p-4">
      <h2 id="room-media-title" className="mb-2 text-lg font-semibold">
        {t('media.title')}
      </h2>
      {!state.me.media ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('media.full', { limit: LIVE_ROOM_MEDIA_LIMIT })}
        </p>
      ) : (
        <>
          <div className="mb-3 flex flex-wrap gap-2" role="toolbar" aria-label={t('media.controls')}>
            {call.local ? (
              <>
                <Button variant="outline" aria-pressed={!micOn} onClick={() => toggle('audio')}>
                  {micOn ? <Mic aria-hidden="true" /> : <MicOff aria-hidden="true" />}
                  {t(micOn ? 'media.muteMic' : 'media.unmuteMic')}
                </Button>
                <Button variant="outline" aria-pressed={!cameraOn} onClick={() => toggle('video')}>
                  {cameraOn ? <Video aria-hidden="true" /> : <VideoOff aria-hidden="true" />}
                  {t(cameraOn ? 'media.cameraOff' : 'media.cameraOn')}
                </Button>
                <Button variant="outline" aria-pressed={sharing !== null} onClick={() => void share()}>
                  <MonitorUp aria-hidden="true" />
                  {t(sharing ? 'media.stopShare' : 'media.share')}
                </Button>
                <Button variant="outline" onClick={call.stop}>
                  {t('media.leaveCall')}
                </Button>
              </>
            ) : (
              <Button onClick={() => void join()}>
                <Video aria-hidden="true" />
                {t('media.join')}
              </Button>
            )}
          </div>
          <p role="status" className="text-sm text-destructive">
            {problem}
          </p>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {call.local ? <Tile stream={call.local} name={t('media.you')} self /> : null}
            {Object.entries(call.remoteStreams).map(([userId, stream]) => (
              <Tile key={userId} stream={stream} name={names.get(userId) ?? ''} self={false} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
