import type { RealtimeMessage, RealtimePort } from '../../application/realtime/ports.ts';

/** What the hub needs of a socket: the `ws` WebSocket has all of it. */
export interface HubSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  ping(): void;
  terminate(): void;
  on(event: 'pong' | 'close', listener: () => void): unknown;
}

const OPEN = 1;

interface Entry {
  userId: string;
  sessionId: string;
  alive: boolean;
}

/**
 * The sockets of this API process, by user. A heartbeat pings every socket; one that has not answered
 * the previous ping is dropped, so dead connections do not pile up.
 */
export class InProcessSocketHub implements RealtimePort {
  readonly #sockets = new Map<HubSocket, Entry>();
  #heartbeat: ReturnType<typeof setInterval> | undefined;

  constructor(heartbeatMs = 30_000) {
    this.#heartbeat = setInterval(() => this.sweep(), heartbeatMs);
    this.#heartbeat.unref();
  }

  add(socket: HubSocket, userId: string, sessionId: string): void {
    const entry: Entry = { userId, sessionId, alive: true };
    this.#sockets.set(socket, entry);
    socket.on('pong', () => {
      entry.alive = true;
    });
    socket.on('close', () => this.#sockets.delete(socket));
  }

  /** One heartbeat round: drops sockets that missed the last ping, pings the rest. */
  sweep(): void {
    for (const [socket, entry] of this.#sockets) {
      if (!entry.alive) {
        socket.terminate();
        this.#sockets.delete(socket);
        continue;
      }
      entry.alive = false;
      socket.ping();
    }
  }

  count(userId?: string): number {
    let n = 0;
    for (const entry of this.#sockets.values()) if (!userId || entry.userId === userId) n += 1;
    return n;
  }

  async sendToUser(userId: string, message: RealtimeMessage): Promise<void> {
    const payload = JSON.stringify(message);
    for (const [socket, entry] of this.#sockets) {
      if (entry.userId === userId && socket.readyState === OPEN) socket.send(payload);
    }
  }

  async closeSession(sessionId: string): Promise<void> {
    for (const [socket, entry] of this.#sockets) {
      if (entry.sessionId === sessionId) {
        socket.close(4401, 'Signed out');
        this.#sockets.delete(socket);
      }
    }
  }

  close(): void {
    clearInterval(this.#heartbeat);
    for (const socket of this.#sockets.keys()) socket.close(1001, 'Server shutting down');
    this.#sockets.clear();
  }
}
