import type { LiveSignalData } from '@portal/shared/live-room';
import { useCallback, useEffect, useRef, useState } from 'react';
import { randomId } from '../utils/tab-id';
import type { RoomRealtime } from './use-room-realtime';

type Peer = {
  connection: RTCPeerConnection;
  /** Our connection's id, sent with every signal of it. */
  id: string;
  /** Their connection's id, once a description of it was applied here; this connection talks to no other. */
  remoteId: string | null;
  /** Their tab holding the call; when their call moves to another tab, this connection is replaced. */
  tab: string | null;
  polite: boolean;
  makingOffer: boolean;
  ignoreOffer: boolean;
  /** Their candidates that came before their description (with their connection's id), added once it is set. */
  early: { of: string | null; candidate: RTCIceCandidateInit }[];
  /** When this connection last started (or restarted) trying to connect. */
  since: number;
  /** Times it was negotiated again since it was made or last settled. */
  tries: number;
};

/** A connection not up this long after it started is negotiated again (a signal may have been lost on the way). */
const STUCK_AFTER_MS = 8000;

/** Up, settled, and sending every track we added: nothing left to negotiate. */
const settled = (connection: RTCPeerConnection) =>
  connection.connectionState === 'connected' &&
  connection.signalingState === 'stable' &&
  connection.getTransceivers().every((transceiver) => {
    const sending = transceiver.currentDirection === 'sendrecv' || transceiver.currentDirection === 'sendonly';
    return transceiver.sender.track === null || transceiver.currentDirection === 'stopped' || sending;
  });

/** Someone else in the call, in the tab holding their call. */
export type CallPeer = { userId: string; tab: string | null };

/**
 * A WebRTC mesh with everyone in `peers` (the others allowed into the call), using "perfect negotiation": both
 * sides may offer, the polite one (the larger user id) yields on a collision. Signals go through our socket, from
 * this tab to the tab holding each other person's call.
 */
export function useMeshCall({
  myId,
  peers,
  realtime,
  iceServers,
}: {
  myId: string;
  peers: CallPeer[];
  realtime: RoomRealtime;
  /** STUN/TURN servers the portal offers, so peers behind NAT still reach each other. */
  iceServers: RTCIceServer[];
}) {
  const connections = useRef(new Map<string, Peer>());
  // The tab each person's call is in, as the room state last said (a signal from a newer tab updates it).
  const tabs = useRef(new Map<string, string | null>());
  tabs.current = new Map(peers.map((peer) => [peer.userId, peer.tab]));
  // Read when a connection is made; a refetched room state must not rebuild the calls under way.
  const ice = useRef(iceServers);
  ice.current = iceServers;
  const localStream = useRef<MediaStream | null>(null);
  const [remoteStreams, setRemoteStreams] = useState<Record<string, MediaStream>>({});
  const [local, setLocal] = useState<MediaStream | null>(null);
  const { sendSignal, onSignal } = realtime;
  // Set below, once the connections can be made; the stuck check calls it.
  const renew = useRef<(userId: string, peer: Peer) => void>(() => undefined);

  const hangUp = useCallback((userId: string) => {
    connections.current.get(userId)?.connection.close();
    connections.current.delete(userId);
    setRemoteStreams(({ [userId]: _gone, ...rest }) => rest);
  }, []);

  /** A signal of this connection to the tab holding their call, marked with our connection's id. */
  const signal = useCallback(
    (userId: string, peer: Peer, data: LiveSignalData) =>
      sendSignal(userId, peer.tab, { ...data, connection: peer.id }),
    [sendSignal],
  );

  /** Sends our offer to them once more if it still waits for an answer; true when it went. */
  const resendOffer = useCallback(
    (userId: string, peer: Peer) => {
      const pending = peer.connection.localDescription;
      if (pending?.type !== 'offer') return false;
      signal(userId, peer, { description: { type: 'offer', sdp: pending.sdp } });
      return true;
    },
    [signal],
  );

  /**
   * Negotiates a connection that is not up again: an offer left unanswered goes once more, an offer of theirs we
   * could not answer is dropped (theirs goes again), otherwise ICE restarts (fresh candidates, a new offer); a
   * collision with the other side's attempt is settled as any other.
   */
  const restart = useCallback(
    (userId: string, peer: Peer) => {
      peer.since = Date.now();
      const { connection } = peer;
      const resent = connection.signalingState === 'have-local-offer' && resendOffer(userId, peer);
      if (connection.signalingState === 'have-remote-offer') {
        void connection.setRemoteDescription({ type: 'rollback' }).catch(() => undefined);
      } else if (!resent && connection.signalingState === 'stable') connection.restartIce();
    },
    [resendOffer],
  );

  // A call that has not come up within a few seconds (a signal lost, a path that failed, a track of ours never
  // negotiated) is tried again. One whose ICE never began checking even after that is made anew (`renew`).
  useEffect(() => {
    const timer = setInterval(() => {
      for (const [userId, peer] of connections.current) {
        const { connection } = peer;
        if (settled(connection)) {
          peer.since = Date.now();
          peer.tries = 0;
        } else if (Date.now() - peer.since > STUCK_AFTER_MS && (localStream.current || connection.remoteDescription)) {
          if (peer.tries > 0 && connection.iceConnectionState === 'new') renew.current(userId, peer);
          else {
            peer.tries += 1;
            restart(userId, peer);
          }
        }
      }
    }, STUCK_AFTER_MS / 4);
    return () => clearInterval(timer);
  }, [restart]);

  const peerFor = useCallback(
    (userId: string, tab: string | null = tabs.current.get(userId) ?? null) => {
      const known = connections.current.get(userId);
      if (known && known.tab === tab) return known;
      // Their call moved to another tab: the old connection goes, a new one is made with that tab.
      if (known) hangUp(userId);
      const connection = new RTCPeerConnection({ iceServers: ice.current });
      const peer: Peer = {
        connection,
        id: randomId(),
        remoteId: null,
        tab,
        polite: myId > userId,
        makingOffer: false,
        ignoreOffer: false,
        early: [],
        since: Date.now(),
        tries: 0,
      };
      connections.current.set(userId, peer);
      for (const track of localStream.current?.getTracks() ?? []) {
        connection.addTrack(track, localStream.current as MediaStream);
      }
      connection.onnegotiationneeded = async () => {
        try {
          peer.since = Date.now();
          peer.makingOffer = true;
          await connection.setLocalDescription();
          const description = connection.localDescription;
          if (description && (description.type === 'offer' || description.type === 'answer')) {
            signal(userId, peer, { description: { type: description.type, sdp: description.sdp } });
          }
        } finally {
          peer.makingOffer = false;
        }
      };
      connection.onicecandidate = ({ candidate }) => {
        if (candidate) {
          const { candidate: text, sdpMid, sdpMLineIndex } = candidate.toJSON();
          signal(userId, peer, { candidate: { candidate: text ?? '', sdpMid, sdpMLineIndex } });
        }
      };
      connection.onconnectionstatechange = () => {
        if (connection.connectionState === 'failed') restart(userId, peer);
      };
      connection.ontrack = ({ streams }) => {
        const [stream] = streams;
        if (stream) setRemoteStreams((current) => ({ ...current, [userId]: stream }));
      };
      return peer;
    },
    [myId, signal, hangUp, restart],
  );

  /**
   * Their page entered the call. A connection held with an earlier page of theirs (its leaving may have been lost on
   * the way) is made anew at once, and offers if we send media, instead of waiting to be found stuck.
   */
  const greetedBy = useCallback(
    (from: string, tab: string | null, theirs: string) => {
      const known = connections.current.get(from);
      if (known && known.tab === tab && (known.remoteId === null || known.remoteId === theirs)) return;
      if (known) hangUp(from);
      if (localStream.current) peerFor(from, tab);
    },
    [hangUp, peerFor],
  );

  /**
   * Replaces a connection that never began checking a path even after being negotiated again: a browser can leave a
   * connection's ICE agent gathering forever (seen in Chromium after an offer of ours was rolled back for theirs), and
   * negotiating the same connection again does not wake it. Ours is made anew (offering if we send media) and we greet
   * them naming it, so they make theirs anew too.
   */
  renew.current = (userId: string, peer: Peer) => {
    const { tab } = peer;
    hangUp(userId);
    const fresh = localStream.current ? peerFor(userId, tab) : null;
    sendSignal(userId, tab, { hello: true, connection: fresh?.id ?? randomId() });
  };

  /** One signal from another person: their first offer creates the connection. */
  const handleSignal = useCallback(
    async (from: string, fromTab: string | null, data: LiveSignalData) => {
      // The server forwards only signals of the tab holding the sender's call, so a new tab here is their newest.
      const tab = fromTab ?? tabs.current.get(from) ?? null;
      tabs.current.set(from, tab);
      if ('hello' in data) return greetedBy(from, tab, data.connection);
      let peer = peerFor(from, tab);
      const theirs = data.connection ?? null;
      if (theirs && peer.remoteId && theirs !== peer.remoteId) {
        // A late candidate of a connection of theirs this one no longer talks to is of no use.
        if (!('description' in data)) return;
        // They made their connection anew (their page entered the call again): ours, bound to the old one, cannot
        // carry the new one, so it is made anew too. An answer to our old offer is dropped; the new one offers again.
        hangUp(from);
        peer = peerFor(from, tab);
        if (data.description.type === 'answer') return;
      }
      const { connection } = peer;
      try {
        if ('description' in data) {
          peer.since = Date.now();
          const collision =
            data.description.type === 'offer' && (peer.makingOffer || connection.signalingState !== 'stable');
          peer.ignoreOffer = !peer.polite && collision;
          if (peer.ignoreOffer) {
            // Our offer may never have reached them (their new tab was not listening yet), and then both sides would
            // wait for an answer forever: it goes again, and the polite side yields to it.
            resendOffer(from, peer);
            return;
          }
          await connection.setRemoteDescription(data.description);
          peer.remoteId = theirs ?? peer.remoteId;
          for (const { of, candidate } of peer.early.splice(0)) {
            if (of !== null && theirs !== null && of !== theirs) continue;
            await connection.addIceCandidate(candidate).catch(() => undefined);
          }
          if (data.description.type === 'offer') {
            await connection.setLocalDescription();
            const answer = connection.localDescription;
            if (answer?.type === 'answer') signal(from, peer, { description: { type: 'answer', sdp: answer.sdp } });
          }
        } else if (!connection.remoteDescription) {
          // Their description is still on its way or being applied elsewhere: the candidate waits for it.
          if (!peer.ignoreOffer) peer.early.push({ of: theirs, candidate: data.candidate });
        } else {
          await connection.addIceCandidate(data.candidate).catch((error: unknown) => {
            if (!peer.ignoreOffer) throw error;
          });
        }
      } catch {
        // A failed step leaves this pair without media; the next negotiation tries again.
      }
    },
    [peerFor, hangUp, resendOffer, signal, greetedBy],
  );

  // Each person's signals are handled one after another, in the order they came: a candidate handled while their
  // offer is still being applied would be refused and lost, and with it the path to them.
  const inOrder = useRef(new Map<string, Promise<void>>());
  useEffect(
    () =>
      onSignal((from: string, fromTab: string | null, data: LiveSignalData) => {
        const previous = inOrder.current.get(from) ?? Promise.resolve();
        inOrder.current.set(
          from,
          previous.then(() => handleSignal(from, fromTab, data)),
        );
      }),
    [onSignal, handleSignal],
  );

  // People who left the call are hung up; newcomers are connected once either side has media to send.
  const peerKey = JSON.stringify(peers.map((peer) => [peer.userId, peer.tab]));
  useEffect(() => {
    const wanted = new Map(JSON.parse(peerKey) as [string, string | null][]);
    for (const [userId, peer] of connections.current) {
      if (wanted.has(userId) && wanted.get(userId) === peer.tab) continue;
      hangUp(userId);
    }
    if (localStream.current) for (const [userId, tab] of wanted) peerFor(userId, tab);
  }, [peerKey, peerFor, hangUp]);

  // This page greets everyone in the call once its socket is ready (again after a reconnect), naming the connection
  // it has with them (made just above when we send media), if any: one they still hold with an earlier page of this
  // person is made anew (`greetedBy`).
  const pageId = useRef(randomId());
  const greeted = useRef(new Set<string>());
  useEffect(() => {
    if (!realtime.connected) {
      greeted.current.clear();
      return;
    }
    for (const [userId, tab] of JSON.parse(peerKey) as [string, string | null][]) {
      const key = JSON.stringify([userId, tab]);
      if (greeted.current.has(key)) continue;
      const connection = connections.current.get(userId)?.id ?? pageId.current;
      if (sendSignal(userId, tab, { hello: true, connection })) greeted.current.add(key);
    }
  }, [peerKey, realtime.connected, sendSignal]);

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
      for (const { userId, tab } of peers) {
        const { connection } = peerFor(userId, tab);
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
