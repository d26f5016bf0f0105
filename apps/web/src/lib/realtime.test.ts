import { describe, expect, it } from 'vitest';
import { RealtimeClient } from './realtime';

class FakeSocket {
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  closed = false;
  close() {
    this.closed = true;
  }
}

function harness() {
  const sockets: FakeSocket[] = [];
  const delays: number[] = [];
  const pending: Array<() => void> = [];
  const client = new RealtimeClient(
    'ws://test/api/realtime',
    () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    (fn, ms) => {
      delays.push(ms);
      pending.push(fn);
      return 0 as unknown as ReturnType<typeof setTimeout>;
    },
  );
  const dropAndRetry = () => {
    sockets.at(-1)?.onclose?.({ code: 1006 });
    pending.shift()?.();
  };
  return { client, sockets, delays, dropAndRetry };
}

describe('realtime client', () => {
  it('reconnects after 1, 2, 5 and then every 10 seconds', () => {
    const { client, delays, dropAndRetry } = harness();
    client.start();
    for (let i = 0; i < 6; i += 1) dropAndRetry();
    expect(delays).toEqual([1000, 2000, 5000, 10_000, 10_000, 10_000]);
  });

  it('starts over at 1 second once a connection opened again', () => {
    const { client, sockets, delays, dropAndRetry } = harness();
    client.start();
    dropAndRetry();
    dropAndRetry();
    sockets.at(-1)?.onopen?.();
    dropAndRetry();
    expect(delays).toEqual([1000, 2000, 1000]);
  });

  it('passes valid server messages to listeners and ignores junk', () => {
    const { client, sockets } = harness();
    const received: string[] = [];
    client.subscribe((message) => received.push(message.type));
    client.start();
    const socket = sockets[0];
    socket?.onmessage?.({ data: JSON.stringify({ type: 'subscription_change' }) });
    socket?.onmessage?.({ data: 'not json' });
    socket?.onmessage?.({ data: JSON.stringify({ type: 'unknown' }) });
    expect(received).toEqual(['subscription_change']);
  });

  it('does not reconnect after sign-out or when the server rejects the session', () => {
    const { client, sockets, delays } = harness();
    client.start();
    sockets[0]?.onclose?.({ code: 4401 });
    expect(delays).toEqual([]);
    client.start();
    client.stop();
    expect(sockets.at(-1)?.closed).toBe(true);
    sockets.at(-1)?.onclose?.({ code: 1000 });
    expect(delays).toEqual([]);
  });
});
