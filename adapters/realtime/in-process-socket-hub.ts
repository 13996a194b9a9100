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
  /** The same sockets by user, so a delivery touches only the receiver's sockets. */
  readonly #byUser = new Map<string, Set<HubSocket>>();
  #heartbeat: ReturnType<typeof setInterval> | undefined;

  constructor(heartbeatMs = 30_000) {
    this.#heartbeat = setInterval(() => this.sweep(), heartbeatMs);
    this.#heartbeat.unref();
  }

  /**
   * Adds a socket. With maxPerSession, the session's oldest sockets beyond that many are closed
   * (4429), so one session cannot hold an unbounded number of connections.
   */
  add(socket: HubSocket, userId: string, sessionId: string, maxPerSession = Number.POSITIVE_INFINITY): void {
    const sameSession = [...this.#sockets].filter(([, e]) => e.sessionId === sessionId).map(([s]) => s);
    for (const old of sameSession.slice(0, Math.max(0, sameSession.length + 1 - maxPerSession))) {
      old.close(4429, 'Too many open sockets for this session');
      this.#remove(old);
    }
    const entry: Entry = { userId, sessionId, alive: true };
    this.#sockets.set(socket, entry);
    let mine = this.#byUser.get(userId);
    if (!mine) {
      mine = new Set();
      this.#byUser.set(userId, mine);
    }
    mine.add(socket);
    socket.on('pong', () => {
      entry.alive = true;
    });
    socket.on('close', () => this.#remove(socket));
  }

  #remove(socket: HubSocket): void {
    const entry = this.#sockets.get(socket);
    if (!entry) return;
    this.#sockets.delete(socket);
    const mine = this.#byUser.get(entry.userId);
    mine?.delete(socket);
    if (mine?.size === 0) this.#byUser.delete(entry.userId);
  }

  /** One heartbeat round: drops sockets that missed the last ping, pings the rest. */
  sweep(): void {
    for (const [socket, entry] of this.#sockets) {
      if (!entry.alive) {
        socket.terminate();
        this.#remove(socket);
        continue;
      }
      entry.alive = false;
      socket.ping();
    }
  }

  count(userId?: string): number {
    return userId === undefined ? this.#sockets.size : (this.#byUser.get(userId)?.size ?? 0);
  }

  async sendToUser(userId: string, message: RealtimeMessage): Promise<void> {
    this.deliver(userId, JSON.stringify(message));
  }

  /** Sends an already serialised message to the user's sockets in this process. */
  deliver(userId: string, payload: string): void {
    const mine = this.#byUser.get(userId);
    if (!mine) return;
    for (const socket of mine) {
      if (socket.readyState === OPEN) socket.send(payload);
    }
  }

  async closeSession(sessionId: string): Promise<void> {
    this.closeLocalSession(sessionId);
  }

  /** Closes this process's sockets of the session. */
  closeLocalSession(sessionId: string): void {
    for (const [socket, entry] of this.#sockets) {
      if (entry.sessionId === sessionId) {
        socket.close(4401, 'Signed out');
        this.#remove(socket);
      }
    }
  }

  close(): void {
    clearInterval(this.#heartbeat);
    for (const socket of this.#sockets.keys()) socket.close(1001, 'Server shutting down');
    this.#sockets.clear();
    this.#byUser.clear();
  }
}
