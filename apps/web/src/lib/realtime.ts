import { reconnectDelayMs } from '@portal/shared/constants';
import type { ClientMessage, ServerMessage } from '@portal/shared/realtime';
import { readServerMessage } from '@portal/shared/realtime-messages';

type Listener = (message: ServerMessage) => void;

/**
 * One WebSocket per signed-in tab. Reconnects after 1, 2, 5, then every 10 s, and tells listeners
 * when it is back (`ready`) so they refetch what they may have missed.
 */
export class RealtimeClient {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  private readonly listeners = new Set<Listener>();

  constructor(
    private readonly url: string,
    private readonly createSocket: (url: string) => WebSocket = (u) => new WebSocket(u),
    private readonly schedule: (fn: () => void, ms: number) => ReturnType<typeof setTimeout> = setTimeout,
  ) {}

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.socket?.close(1000, 'signed out');
    this.socket = null;
    this.attempt = 0;
  }

  /** Sends when the socket is open; answers whether it went out. */
  send(message: ClientMessage) {
    if (this.socket?.readyState !== 1) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  subscribe(listener: Listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private connect() {
    const socket = this.createSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
    };
    socket.onmessage = (event) => {
      let data: unknown;
      try {
        data = JSON.parse(String(event.data));
      } catch {
        return;
      }
      const message = readServerMessage(data);
      if (!message) return;
      for (const listener of this.listeners) listener(message);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      // 4401: the server no longer knows this session; reconnecting would not help.
      if (event.code === 4401) this.stopped = true;
      if (this.stopped) return;
      const delay = reconnectDelayMs(this.attempt);
      this.attempt += 1;
      this.timer = this.schedule(() => this.connect(), delay);
    };
  }
}

export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location) {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/realtime`;
}
