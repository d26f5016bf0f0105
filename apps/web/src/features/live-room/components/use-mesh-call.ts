import type { LiveSignalData } from '@portal/shared/live-room';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RoomRealtime } from './use-room-realtime';

type Peer = { connection: RTCPeerConnection; polite: boolean; makingOffer: boolean; ignoreOffer: boolean };

/**
 * A WebRTC mesh with everyone in `peers` (the others allowed into the call), using "perfect negotiation": both
 * sides may offer, the polite one (the larger user id) yields on a collision. Signals go through our socket.
 */
export function useMeshCall({
  myId,
  peers,
  realtime,
  iceServers,
}: {
  myId: string;
  peers: string[];
  realtime: RoomRealtime;
  /** STUN/TURN servers the portal offers, so peers behind NAT still reach each other. */
  iceServers: RTCIceServer[];
}) {
  const connections = useRef(new Map<string, Peer>());
  // Read when a connection is made; a refetched room state must not rebuild the calls under way.
  const ice = useRef(iceServers);
  ice.current = iceServers;
  const localStream = useRef<MediaStream | null>(null);
  const [remoteStreams, setRemoteStreams] = useState<Record<string, MediaStream>>({});
  const [local, setLocal] = useState<MediaStream | null>(null);
  const { sendSignal, onSignal } = realtime;

  const peerFor = useCallback(
    (userId: string) => {
      const known = connections.current.get(userId);
      if (known) return known;
      const connection = new RTCPeerConnection({ iceServers: ice.current });
      const peer: Peer = { connection, polite: myId > userId, makingOffer: false, ignoreOffer: false };
      connections.current.set(userId, peer);
      for (const track of localStream.current?.getTracks() ?? []) {
        connection.addTrack(track, localStream.current as MediaStream);
      }
      connection.onnegotiationneeded = async () => {
        try {
          peer.makingOffer = true;
          await connection.setLocalDescription();
          const description = connection.localDescription;
          if (description && (description.type === 'offer' || description.type === 'answer')) {
            sendSignal(userId, { description: { type: description.type, sdp: description.sdp } });
          }
        } finally {
          peer.makingOffer = false;
        }
      };
      connection.onicecandidate = ({ candidate }) => {
        if (candidate) {
          const { candidate: text, sdpMid, sdpMLineIndex } = candidate.toJSON();
          sendSignal(userId, { candidate: { candidate: text ?? '', sdpMid, sdpMLineIndex } });
        }
      };
      connection.ontrack = ({ streams }) => {
        const [stream] = streams;
        if (stream) setRemoteStreams((current) => ({ ...current, [userId]: stream }));
      };
      return peer;
    },
    [myId, sendSignal],
  );

  // Signals from others: create the connection on their first offer.
  useEffect(
    () =>
      onSignal(async (from: string, data: LiveSignalData) => {
        const peer = peerFor(from);
        const { connection } = peer;
        try {
          if ('description' in data) {
            const collision =
              data.description.type === 'offer' && (peer.makingOffer || connection.signalingState !== 'stable');
            peer.ignoreOffer = !peer.polite && collision;
            if (peer.ignoreOffer) return;
            await connection.setRemoteDescription(data.description);
            if (data.description.type === 'offer') {
              await connection.setLocalDescription();
              const answer = connection.localDescription;
              if (answer?.type === 'answer') sendSignal(from, { description: { type: 'answer', sdp: answer.sdp } });
            }
          } else {
            await connection.addIceCandidate(data.candidate).catch((error: unknown) => {
              if (!peer.ignoreOffer) throw error;
            });
          }
        } catch {
          // A failed step leaves this pair without media; the next negotiation tries again.
        }
      }),
    [onSignal, peerFor, sendSignal],
  );

  // People who left the call are hung up; newcomers are connected once either side has media to send.
  const peerKey = peers.join(',');
  useEffect(() => {
    const wanted = new Set(peerKey ? peerKey.split(',') : []);
    for (const [userId, peer] of connections.current) {
      if (wanted.has(userId)) continue;
      peer.connection.close();
      connections.current.delete(userId);
      setRemoteStreams(({ [userId]: _gone, ...rest }) => rest);
    }
    if (localStream.current) for (const userId of wanted) peerFor(userId);
  }, [peerKey, peerFor]);

  useEffect(
    () => () => {
      for (const peer of connections.current.values()) peer.connection.close();
      connections.current.clear();
      for (const track of localStream.current?.getTracks() ?? []) track.stop();
    },
    [],
  );

  /** Starts sending this stream to everyone (tracks are added, which renegotiates each connection). */
  const publish = useCallback(
    (stream: MediaStream) => {
      localStream.current = stream;
      setLocal(stream);
      for (const userId of peers) {
        const { connection } = peerFor(userId);
        const senders = connection.getSenders();
        for (const track of stream.getTracks()) {
          const sender = senders.find((candidate) => candidate.track?.kind === track.kind);
          if (sender) void sender.replaceTrack(track);
          else connection.addTrack(track, stream);
        }
      }
    },
    [peers, peerFor],
  );

  /** Swaps the outgoing video (camera or screen) without renegotiating. */
  const replaceVideo = useCallback((track: MediaStreamTrack | null) => {
    for (const peer of connections.current.values()) {
      const sender = peer.connection.getSenders().find((candidate) => candidate.track?.kind === 'video');
      if (sender) void sender.replaceTrack(track);
    }
  }, []);

  const stop = useCallback(() => {
    for (const track of localStream.current?.getTracks() ?? []) track.stop();
    for (const peer of connections.current.values()) {
      for (const sender of peer.connection.getSenders()) peer.connection.removeTrack(sender);
    }
    localStream.current = null;
    setLocal(null);
  }, []);

  return { local, remoteStreams, publish, replaceVideo, stop };
}
