import type { LiveSignalData } from '@portal/shared/live-room';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMeshCall } from './use-mesh-call';

/** A browser connection whose ICE agent never gathers or checks anything: only what the hook asks of it. */
class StuckConnection {
  static made: StuckConnection[] = [];
  connectionState = 'new';
  signalingState = 'stable';
  iceConnectionState = 'new';
  localDescription: { type: string; sdp: string } | null = null;
  remoteDescription: { type: string; sdp: string } | null = null;
  closed = false;
  iceRestarts = 0;
  onnegotiationneeded: (() => Promise<void>) | null = null;
  onicecandidate = null;
  onconnectionstatechange = null;
  ontrack = null;
  constructor() {
    StuckConnection.made.push(this);
  }
  getTransceivers() {
    return [];
  }
  getSenders() {
    return [];
  }
  addTrack() {
    queueMicrotask(() => void this.onnegotiationneeded?.());
  }
  async setLocalDescription() {
    this.localDescription = { type: 'offer', sdp: `offer ${StuckConnection.made.indexOf(this)}` };
    this.signalingState = 'have-local-offer';
  }
  async setRemoteDescription(description: { type: string; sdp: string }) {
    this.remoteDescription = description;
    this.signalingState = 'stable';
  }
  async addIceCandidate() {}
  restartIce() {
    this.iceRestarts += 1;
  }
  close() {
    this.closed = true;
  }
}

type Sent = { to: string; data: LiveSignalData };

function renderCall() {
  const sent: Sent[] = [];
  let deliver: (from: string, fromTab: string | null, data: LiveSignalData) => void = () => undefined;
  const realtime = {
    connected: true,
    sendSignal: (to: string, _tab: string | null, data: LiveSignalData) => {
      sent.push({ to, data });
      return true;
    },
    onSignal: (listener: typeof deliver) => {
      deliver = listener;
      return () => undefined;
    },
  };
  const hook = renderHook(() =>
    useMeshCall({ myId: 'host', peers: [{ userId: 'learner', tab: null }], realtime, iceServers: [] }),
  );
  const track = { kind: 'video', stop: () => undefined };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  return { hook, sent, stream, deliver: (data: LiveSignalData) => deliver('learner', null, data) };
}

/** The id our connection signals with: that of its last offer. */
const offeredBy = (sent: Sent[]) => sent.filter(({ data }) => 'description' in data).at(-1)?.data.connection;

describe('a call that never begins checking a path', () => {
  beforeEach(() => {
    StuckConnection.made = [];
    vi.stubGlobal('RTCPeerConnection', StuckConnection);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  async function joinedAndAnswered() {
    const call = renderCall();
    act(() => call.hook.result.current.publish(call.stream));
    await act(() => vi.advanceTimersByTimeAsync(10));
    const [first] = StuckConnection.made;
    expect(first?.localDescription?.type).toBe('offer');
    call.deliver({ description: { type: 'answer', sdp: 'answer' }, connection: 'learner-page-1' });
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(first?.remoteDescription?.type).toBe('answer');
    return { ...call, first: first as StuckConnection };
  }

  it('is negotiated again first, then made anew, and the other side is greeted with the new connection', async () => {
    const { sent, first } = await joinedAndAnswered();
    const firstId = offeredBy(sent);

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(first.iceRestarts).toBe(1);
    expect(first.closed).toBe(false);
    expect(StuckConnection.made).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(first.closed).toBe(true);
    expect(StuckConnection.made).toHaveLength(2);
    const renewedId = offeredBy(sent);
    expect(renewedId).toBeTruthy();
    expect(renewedId).not.toBe(firstId);
    expect(sent).toContainEqual({ to: 'learner', data: { hello: true, connection: renewedId } });
  });

  it('keeps a connection whose ICE is checking, negotiating it again instead', async () => {
    const { first } = await joinedAndAnswered();
    first.iceConnectionState = 'checking';
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(first.closed).toBe(false);
    expect(StuckConnection.made).toHaveLength(1);
    expect(first.iceRestarts).toBeGreaterThanOrEqual(2);
  });
});
